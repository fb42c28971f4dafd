import { describe, expect, it } from 'vitest';
import { passwordEnvelopeBytes } from './password-entry';

const random = '0123456789abcdef0123456789abcdef';
const client = 'fedcba9876543210fedcba9876543210';

describe('passwordEnvelopeBytes (docs/wire.md "Password fields")', () => {
  it('is the JSON the server parses, for every printable ASCII character', () => {
    const all = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const password of ['Demo1234', 'a"b\\c', all]) {
      const bytes = passwordEnvelopeBytes(new TextEncoder().encode(password), random, client);
      expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ password, random, randomClient: client });
    }
  });

  it('has the field order and spacing of JSON.stringify', () => {
    const bytes = passwordEnvelopeBytes(new TextEncoder().encode('Demo1234'), random, client);
    expect(new TextDecoder().decode(bytes)).toBe(JSON.stringify({ password: 'Demo1234', random, randomClient: client }));
  });
});
