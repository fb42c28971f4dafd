import { createCipheriv, createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/codec';
import { CryptoError } from '../src/errors';
import { ECB_KEYSTREAM_MAX, KEY_CACHE_SIZE, cachedKeyCount, clearKeyCache, gcmDecrypt, gcmEncrypt, isKeyCached, reseedKeyCacheForTests } from '../src/gcm-node';
import { sm4GcmEncryptJs } from '../src/sm4-js';
import { loadVectors } from './helpers';

// The SM4-GCM of the Node implementation is OpenSSL ECB/CTR + our GHASH. The same assembly over
// AES-256 must equal OpenSSL's native AES-256-GCM, which checks GHASH, J0, inc32 and the length
// block on every size, not only on the single RFC 8998 vector.

describe('GCM assembled from OpenSSL ECB/CTR and the JS GHASH', () => {
  it('equals native aes-256-gcm (300 cases, 0..4096 bytes, AAD 0..80)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
        fc.uint8Array({ maxLength: 4096 }),
        fc.uint8Array({ maxLength: 80 }),
        (key, iv, plaintext, aad) => {
          const native = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
          const ciphertext = Buffer.concat([native.update(plaintext), native.final()]);
          const tag = native.getAuthTag();
          const ours = gcmEncrypt('aes-256', key, iv, plaintext, aad);
          expect(toHex(ours.ciphertext)).toBe(ciphertext.toString('hex'));
          expect(toHex(ours.tag)).toBe(tag.toString('hex'));
          expect(gcmDecrypt('aes-256', key, iv, ciphertext, tag, aad)).toEqual(plaintext);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reproduces the AES-256 and SM4 vectors', () => {
    const v = loadVectors();
    for (const [cipher, t] of [['aes-256', v.aes_gcm[0]!], ['sm4', v.sm4_gcm[0]!]] as const) {
      const out = gcmEncrypt(cipher, fromHex(t.key), fromHex(t.iv), fromHex(t.plaintext), fromHex(t.aad));
      expect(toHex(out.ciphertext)).toBe(t.ciphertext);
      expect(toHex(out.tag)).toBe(t.tag);
    }
  });
});

// Per-key cache and the two keystream paths (one ECB call for short messages, OpenSSL CTR for
// long ones). References: native aes-256-gcm, and sm-crypto-v2's independent SM4-GCM.

const nativeAesGcm = (key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) => {
  const native = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  const ciphertext = Buffer.concat([native.update(plaintext), native.final()]);
  return { ciphertext: ciphertext.toString('hex'), tag: native.getAuthTag().toString('hex') };
};

/** Deterministic test bytes: distinct seeds give distinct keys. */
const bytes = (length: number, seed: number) => {
  const out = new Uint8Array(length);
  const block = createHash('sha256').update(`seed ${seed}`).digest();
  for (let i = 0; i < length; i++) out[i] = block[i % 32]! ^ (i >>> 5) ^ (i >>> 13);
  return out;
};

function checkAes(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  const expected = nativeAesGcm(key, iv, plaintext, aad);
  const ours = gcmEncrypt('aes-256', key, iv, plaintext, aad);
  expect({ ciphertext: toHex(ours.ciphertext), tag: toHex(ours.tag) }).toEqual(expected);
  expect(gcmDecrypt('aes-256', key, iv, ours.ciphertext, ours.tag, aad)).toEqual(Uint8Array.from(plaintext));
}

function checkSm4(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  const expected = sm4GcmEncryptJs(key, iv, plaintext, aad);
  const ours = gcmEncrypt('sm4', key, iv, plaintext, aad);
  expect(toHex(ours.ciphertext)).toBe(toHex(expected.ciphertext));
  expect(toHex(ours.tag)).toBe(toHex(expected.tag));
  expect(gcmDecrypt('sm4', key, iv, ours.ciphertext, ours.tag, aad)).toEqual(Uint8Array.from(plaintext));
}

describe('GCM per-key cache', () => {
  beforeEach(() => clearKeyCache());
  afterAll(() => clearKeyCache());

  it('one key for many messages equals the references, for SM4 and AES-256', () => {
    const sm4Key = bytes(16, 1);
    const aesKey = bytes(32, 2);
    for (let i = 0; i < 60; i++) {
      const iv = bytes(12, i);
      const aad = bytes(i % 40, i + 1);
      const plaintext = bytes((i * 37) % 700, i + 2);
      checkSm4(sm4Key, iv, plaintext, aad);
      checkAes(aesKey, iv, plaintext, aad);
    }
    expect(cachedKeyCount()).toBe(2);
  });

  it('keys by bytes: equal keys in other arrays share an entry, a mutated array is a new key', () => {
    const key = bytes(16, 3);
    const iv = bytes(12, 4);
    const plaintext = bytes(100, 5);
    checkSm4(key, iv, plaintext, new Uint8Array(0));
    checkSm4(Uint8Array.from(key), iv, plaintext, new Uint8Array(0));
    checkSm4(Buffer.from(key), iv, plaintext, new Uint8Array(0));
    const offset = new Uint8Array(20);
    offset.set(key, 3);
    checkSm4(offset.subarray(3, 19), iv, plaintext, new Uint8Array(0));
    expect(cachedKeyCount()).toBe(1);
    key[0] = key[0]! ^ 1;
    checkSm4(key, iv, plaintext, new Uint8Array(0));
    expect(cachedKeyCount()).toBe(2);
  });

  it('different keys interleaved past the bound: evicts the least recently used, every cached key stays right', () => {
    const keys = Array.from({ length: KEY_CACHE_SIZE + 40 }, (_, i) => bytes(32, 1000 + i));
    const lru: number[] = []; // the expected cache, least recently used first
    const use = (j: number, step: number) => {
      checkAes(keys[j]!, bytes(12, step), bytes((step * 13) % 90, j), bytes(step % 7, j));
      const at = lru.indexOf(j);
      if (at >= 0) lru.splice(at, 1);
      lru.push(j);
      if (lru.length > KEY_CACHE_SIZE) lru.shift();
    };
    let x = 12345;
    for (let step = 0; step < 1500; step++) {
      // Mostly a small hot set, sometimes any key: hits, misses and evictions interleaved.
      x = (x * 1103515245 + 12345) >>> 0;
      use(step < keys.length ? step : (x >>> 8) % (x & 1 ? 20 : keys.length), step);
      // The oldest cached entry must still be intact right after an eviction.
      if (lru.length === KEY_CACHE_SIZE) use(lru[0]!, step + 1e6);
    }
    expect(cachedKeyCount()).toBe(KEY_CACHE_SIZE);
    for (let j = 0; j < keys.length; j++) expect(isKeyCached('aes-256', keys[j]!)).toBe(lru.includes(j));
    // Evicted keys come back and are right.
    for (let j = 0; j < keys.length; j++) if (!lru.includes(j)) use(j, j);
  });

  it('keys whose hashes collide replace each other and stay right', () => {
    reseedKeyCacheForTests(new Uint32Array(32)); // every key hashes to the same slot
    try {
      const keys = Array.from({ length: 6 }, (_, i) => bytes(16, 7000 + i));
      for (let i = 0; i < 40; i++) {
        const key = keys[(i * 5) % keys.length]!;
        checkSm4(key, bytes(12, i), bytes(i * 3, i), bytes(i % 5, i));
        expect(cachedKeyCount()).toBe(1);
        expect(isKeyCached('sm4', key)).toBe(true);
      }
      checkAes(bytes(32, 1), bytes(12, 2), bytes(50, 3), bytes(4, 4));
      expect(isKeyCached('sm4', keys[0]!)).toBe(false);
    } finally {
      reseedKeyCacheForTests();
    }
  });

  it('SM4 keys interleaved past the bound equal sm-crypto-v2', () => {
    const keys = Array.from({ length: KEY_CACHE_SIZE + 10 }, (_, i) => bytes(16, 5000 + i));
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < keys.length; i++) {
        const j = round === 0 ? i : (i * 11) % keys.length;
        checkSm4(keys[j]!, bytes(12, i + round), bytes(j % 50, i), bytes(5, j));
      }
    }
    expect(cachedKeyCount()).toBe(KEY_CACHE_SIZE);
  });
});

describe('GCM keystream paths', () => {
  const lengths = [0, 1, 15, 16, 17, 255, 1024, ECB_KEYSTREAM_MAX - 17, ECB_KEYSTREAM_MAX - 1, ECB_KEYSTREAM_MAX];
  const around = [ECB_KEYSTREAM_MAX + 1, ECB_KEYSTREAM_MAX + 16, ECB_KEYSTREAM_MAX + 17, 3 * ECB_KEYSTREAM_MAX + 5, 65536];

  it.each([...lengths, ...around])('%i bytes equal native aes-256-gcm, also unaligned and as Buffers', (length) => {
    const key = bytes(32, length);
    const iv = bytes(12, length + 1);
    const plaintext = bytes(length, length + 2);
    const aad = bytes(length % 33, 3);
    checkAes(key, iv, plaintext, aad);
    const unaligned = new Uint8Array(length + 1);
    unaligned.set(plaintext, 1);
    checkAes(key, iv, unaligned.subarray(1), aad);
    checkAes(Buffer.from(key), Buffer.from(iv), Buffer.from(plaintext), Buffer.from(aad));
  });

  it.each([100, ECB_KEYSTREAM_MAX + 100])('%i bytes: SM4 equals sm-crypto-v2; any flipped bit is refused', (length) => {
    const key = bytes(16, 9);
    const iv = bytes(12, 10);
    const plaintext = bytes(length, 11);
    const aad = bytes(20, 12);
    checkSm4(key, iv, plaintext, aad);
    const { ciphertext, tag } = gcmEncrypt('sm4', key, iv, plaintext, aad);
    const refused = (c: Uint8Array, t: Uint8Array, a: Uint8Array) => {
      try {
        gcmDecrypt('sm4', key, iv, c, t, a);
      } catch (e) {
        return e instanceof CryptoError && e.code === 'AUTH_FAILED';
      }
      return false;
    };
    for (const at of [0, length - 1]) {
      const c = Uint8Array.from(ciphertext);
      c[at] = c[at]! ^ 0x80;
      expect(refused(c, tag, aad)).toBe(true);
    }
    const t = Uint8Array.from(tag);
    t[15] = t[15]! ^ 1;
    expect(refused(ciphertext, t, aad)).toBe(true);
    expect(refused(ciphertext, tag, aad.subarray(1))).toBe(true);
  });
});
