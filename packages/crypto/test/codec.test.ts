import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as codec from '../src/codec';
import { decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext, encodeSm2Signature } from '../src/der';
import { randomBytes, randomHex, randomIv } from '../src/random';
import { browser, node } from './helpers';

const bytes = fc.uint8Array({ maxLength: 300 });
const refuses = (fn: () => unknown, code = 'INVALID_INPUT') =>
  expect(fn).toThrow(expect.objectContaining({ name: 'CryptoError', code }));

describe('codecs', () => {
  it('the browser uses the shared codecs; Node the same except its native base64', () => {
    for (const name of ['toBase64', 'fromBase64', 'toBase64Url', 'fromBase64Url', 'toHex', 'fromHex', 'utf8Encode', 'utf8Decode'] as const) {
      expect(browser[name]).toBe(codec[name]);
    }
    for (const name of ['toHex', 'fromHex', 'utf8Encode', 'utf8Decode'] as const) expect(node[name]).toBe(codec[name]);
  });

  it('base64, base64url and hex match Buffer and round-trip, in both implementations (500 cases)', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const buf = Buffer.from(b);
        for (const impl of [codec, node]) {
          expect(impl.toBase64(b)).toBe(buf.toString('base64'));
          expect(impl.toBase64Url(b)).toBe(buf.toString('base64url'));
          expect(impl.fromBase64(impl.toBase64(b))).toEqual(b);
          expect(impl.fromBase64Url(impl.toBase64Url(b))).toEqual(b);
        }
        expect(codec.toHex(b)).toBe(buf.toString('hex'));
        expect(codec.fromHex(codec.toHex(b))).toEqual(b);
        expect(codec.fromHex(codec.toHex(b).toUpperCase())).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('Node decodes into a plain array of its own, even from a view into a larger buffer', () => {
    const decoded = node.fromBase64('AAECAw==');
    expect(decoded).toEqual(Uint8Array.of(0, 1, 2, 3));
    expect(decoded.byteOffset).toBe(0);
    expect(decoded.buffer.byteLength).toBe(4);
    const view = Uint8Array.of(9, 1, 2, 3, 9).subarray(1, 4);
    expect(node.toBase64(view)).toBe('AQID');
    expect(node.toBase64Url(view)).toBe('AQID');
  });

  it('refuses every non-canonical or foreign spelling, in both implementations', () => {
    for (const impl of [codec, node]) {
      for (const bad of ['QQ', 'QQ=', 'QR==', 'QUF=', 'Q===', 'QQ=a', ' QQ==', 'QQ==\n', 'QQ-_', 'A', '====', 'QQ==QQ==', 'Q Q=']) refuses(() => impl.fromBase64(bad));
      for (const bad of ['QQ==', 'QR', 'QUF', 'Q', 'a+b/', 'QQ ', 'Q=']) refuses(() => impl.fromBase64Url(bad));
      expect(impl.fromBase64('')).toEqual(new Uint8Array(0));
      expect(impl.fromBase64Url('_-8')).toEqual(Uint8Array.of(0xff, 0xef));
    }
    for (const bad of ['a', 'zz', '0x00', '00 ']) refuses(() => codec.fromHex(bad));
  });

  it('Node accepts exactly the strings the JS codec accepts (2,000 mutated encodings)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \n.';
    const verdict = (fn: () => Uint8Array) => {
      try {
        return Array.from(fn()).join(',');
      } catch {
        return 'refused';
      }
    };
    fc.assert(
      fc.property(bytes, fc.nat(), fc.integer({ min: 0, max: alphabet.length - 1 }), fc.boolean(), (b, at, ch, url) => {
        const text = url ? codec.toBase64Url(b) : codec.toBase64(b);
        const i = text.length === 0 ? 0 : at % (text.length + 1);
        const mutated = text.slice(0, i) + alphabet[ch] + text.slice(i + 1);
        for (const candidate of [mutated, text.slice(0, i)]) {
          if (url) expect(verdict(() => node.fromBase64Url(candidate))).toBe(verdict(() => codec.fromBase64Url(candidate)));
          else expect(verdict(() => node.fromBase64(candidate))).toBe(verdict(() => codec.fromBase64(candidate)));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('UTF-8 round-trips, refuses invalid bytes and keeps a BOM', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(codec.utf8Decode(codec.utf8Encode(s))).toBe(s);
      }),
    );
    expect(codec.utf8Encode('托管')).toEqual(Uint8Array.of(0xe6, 0x89, 0x98, 0xe7, 0xae, 0xa1));
    refuses(() => codec.utf8Decode(Uint8Array.of(0xff)));
    refuses(() => codec.utf8Decode(Uint8Array.of(0xe6, 0x89)));
    expect(codec.utf8Decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe('\ufeffA');
  });

  it('IVs come fresh and distinct across pool refills, and a bad length is refused', () => {
    const seen = new Set<string>();
    // 2,000 twelve-byte IVs pass the 4 KiB pool's end several times, at every offset.
    for (let i = 0; i < 2000; i++) {
      const iv = randomIv(12);
      expect(iv.length).toBe(12);
      expect(iv.buffer.byteLength).toBe(12);
      seen.add(codec.toHex(iv));
    }
    expect(seen.size).toBe(2000);
    refuses(() => randomIv(65));
    refuses(() => randomIv(-1));
  });

  it('random bytes and hex', () => {
    expect(randomBytes(0)).toEqual(new Uint8Array(0));
    expect(randomBytes(70_000).length).toBe(70_000);
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(16)).not.toBe(randomHex(16));
    refuses(() => randomBytes(-1));
    refuses(() => randomBytes(1.5));
  });
});

describe('strict DER for SM2 structures', () => {
  const scalar = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

  it('signatures round-trip, including high-bit and short values (300 cases)', () => {
    fc.assert(
      fc.property(scalar, scalar, (r, s) => {
        expect(decodeSm2Signature(encodeSm2Signature(r, s))).toEqual({ r, s });
      }),
      { numRuns: 300 },
    );
  });

  it('ciphertexts round-trip with short and long length forms', () => {
    for (const n of [0, 1, 127, 128, 255, 256, 65535, 65536, 70000]) {
      const c = { x: 1n, y: (1n << 255n) + 5n, hash: new Uint8Array(32).fill(7), ciphertext: new Uint8Array(n).fill(9) };
      expect(decodeSm2Ciphertext(encodeSm2Ciphertext(c))).toEqual(c);
    }
  });

  it('refuses what DER does not allow', () => {
    expect(decodeSm2Signature(codec.fromHex('3006020101020101'))).toEqual({ r: 1n, s: 1n });
    for (const bad of [
      '3007020101020101', // length beyond the input
      '300602010102010100', // trailing byte
      '30060201ff020101', // negative INTEGER
      '300702020001020101', // non-minimal INTEGER 00 01
      '30050200020101', // empty INTEGER
      '308106020101020101', // long form for a short length
      '30820006020101020101', // long form with a leading zero
      '30800201010201010000', // indefinite length
      '3106020101020101', // SET, not SEQUENCE
      '30050201010201', // truncated element
    ]) {
      refuses(() => decodeSm2Signature(codec.fromHex(bad)), 'MALFORMED');
    }
  });
});
