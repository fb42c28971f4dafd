import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KeyPair, SymType } from '../src/types';
import { directions, impls, type Impl } from './helpers';

// Every ciphertext or signature made by one implementation is opened or verified by the other.

const symType = fc.constantFrom<SymType>('SM4', 'AES');
const payload = fc.uint8Array({ minLength: 0, maxLength: 4096 });
const aad = fc.uint8Array({ minLength: 0, maxLength: 96 });
const label = ([from, to]: [Impl, Impl]) => `${from.name} → ${to.name}`;

describe.each(directions.map((d) => [label(d), ...d] as const))('%s', (_, from, to) => {
  it('seal/open, SM4-GCM and AES-256-GCM, 0..4096 bytes (300 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(symType, payload, aad, async (sym, plaintext, ad) => {
        const key = from.api.generateSessionKey(sym);
        const message = await from.api.seal(sym, key, plaintext, ad);
        expect(message.length).toBe(12 + plaintext.length + 16);
        expect(await to.api.open(sym, key, message, ad)).toEqual(plaintext);
      }),
      { numRuns: 300 },
    );
  });

  it('lower-level GCM output is identical for the same key and IV (200 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(symType, payload, aad, fc.uint8Array({ minLength: 12, maxLength: 12 }), async (sym, plaintext, ad, iv) => {
        const key = from.api.generateSessionKey(sym);
        const [a, b] = sym === 'SM4'
          ? [await from.api.sm4GcmEncrypt(key, iv, plaintext, ad), await to.api.sm4GcmEncrypt(key, iv, plaintext, ad)]
          : [await from.api.aesGcmEncrypt(key, iv, plaintext, ad), await to.api.aesGcmEncrypt(key, iv, plaintext, ad)];
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('hashes and MACs agree (200 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(symType, payload, fc.uint8Array({ minLength: 1, maxLength: 200 }), async (sym, data, key) => {
        expect(await to.api.digest(sym, data)).toEqual(await from.api.digest(sym, data));
        expect(await to.api.mac(sym, key, data)).toEqual(await from.api.mac(sym, key, data));
      }),
      { numRuns: 200 },
    );
  });

  describe('SM2', () => {
    let keys: KeyPair;
    beforeAll(async () => {
      keys = await to.api.sm2GenerateKeyPair();
    });

    it('encrypt → decrypt, 0..1024 bytes (100 cases)', { timeout: 60_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 1024 }), async (data) => {
          const ciphertext = await from.api.sm2Encrypt(keys.publicKey, data);
          expect(await to.api.sm2Decrypt(keys.privateKey, ciphertext)).toEqual(data);
        }),
        { numRuns: 100 },
      );
    });

    it('sign → verify, 0..4096 bytes (100 cases)', { timeout: 60_000 }, async () => {
      const signer = await from.api.sm2GenerateKeyPair();
      await fc.assert(
        fc.asyncProperty(payload, async (message) => {
          const signature = await from.api.sm2Sign(signer.privateKey, message);
          expect(await to.api.sm2Verify(signer.publicKey, message, signature)).toBe(true);
        }),
        { numRuns: 100 },
      );
    });

    it('session-key envelope (50 cases)', { timeout: 60_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(symType, async (sym) => {
          const k = from.api.generateSessionKey(sym);
          const rev = await from.api.encryptSessionKey('SM2', keys.publicKey, k);
          expect(await to.api.decryptSessionKey('SM2', keys.privateKey, rev, sym)).toEqual(k);
        }),
        { numRuns: 50 },
      );
    });
  });
});

describe('RSA-OAEP-SHA256 across implementations', () => {
  // 3072-bit generation is slow: one key pair per implementation, used in both directions.
  const keys = new Map<string, KeyPair>();
  beforeAll(async () => {
    for (const impl of impls) keys.set(impl.name, await impl.api.rsaGenerateKeyPair());
  }, 60_000);

  it.each(directions.flatMap(([a, b]) => impls.map((owner) => [label([a, b]), owner.name, a, b] as const)))(
    '%s with the %s key pair (20 cases + envelope)',
    async (_, owner, from, to) => {
      const pair = keys.get(owner)!;
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 318 }), async (data) => {
          const ciphertext = await from.api.rsaOaepEncrypt(pair.publicKey, data);
          expect(ciphertext.length).toBe(384);
          expect(await to.api.rsaOaepDecrypt(pair.privateKey, ciphertext)).toEqual(data);
        }),
        { numRuns: 20 },
      );
      for (const sym of ['SM4', 'AES'] as const) {
        const k = from.api.generateSessionKey(sym);
        const rev = await from.api.encryptSessionKey('RSA', pair.publicKey, k);
        expect(await to.api.decryptSessionKey('RSA', pair.privateKey, rev, sym)).toEqual(k);
      }
    },
    30_000,
  );
});
