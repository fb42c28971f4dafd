import { type Cipher, createCipheriv, randomFillSync } from 'node:crypto';
import { equalBytes } from './codec';
import { CryptoError } from './errors';
import { ghash, ghashTable } from './ghash';
import { plain } from './node-bytes';
import type { GcmOutput } from './types';

// GCM (SP 800-38D) assembled from OpenSSL's ECB and CTR modes plus the JS GHASH, for block
// ciphers OpenSSL 3.0 lacks a GCM mode for (SM4, per RFC 8998). Inputs are validated by the
// caller: 16-byte block cipher key, 12-byte IV, 16-byte tag, at most 2^32 - 2 blocks of data.
// Where node:crypto has SM4-GCM itself (Node 26), node-engines.ts uses that instead.
//
// Per-key state. The server seals and opens many messages under one session key, so everything
// that depends only on the key is computed once and reused: an OpenSSL ECB context holding the
// key schedule (never finalised, so it encrypts any number of whole blocks) and the GHASH table
// for H = E_K(0¹²⁸). The cache is keyed by the key *bytes*: callers need not pass the same
// Uint8Array, and one that mutates its array after a call cannot make us use a stale key. It is
// bounded (KEY_CACHE_SIZE entries, each a 4 KiB table plus an OpenSSL context: under 10 KiB) and
// evicts the least recently used key. Entries hold key-derived secrets: they are never logged or
// exposed, and an evicted entry's table and key copy are zeroed (the table is then reused).
//
// Lookup: a Map from a 30-bit hash of the key under random per-process multipliers to the entry,
// which holds a copy of the key that is compared in constant time. The hash is cheap (a string
// of the key bytes costs more than a whole Map lookup here) and, being keyed with a secret, its
// buckets tell nothing about the keys; two keys sharing a hash only cost a miss.

export type GcmBlockCipher = 'sm4' | 'aes-256';

interface KeyState {
  readonly cipher: GcmBlockCipher;
  /** A copy of the key, to confirm a hash match. */
  readonly key: Uint8Array;
  /** `${cipher}-ecb` under the key, without padding. */
  readonly ecb: Cipher;
  /** ghashTable(H) */
  readonly table: Uint32Array;
}

export const KEY_CACHE_SIZE = 256;

/** Insertion order is recency order: a hit is re-inserted, the first entry is the LRU. */
const keyCache = new Map<number, KeyState>();
let multipliers = randomMultipliers();

function randomMultipliers(): Uint32Array {
  return randomFillSync(new Uint32Array(32));
}

function keyHash(key: Uint8Array): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h + Math.imul(key[i]! + 1, multipliers[i]!)) | 0;
  return h & 0x3fffffff; // small-integer Map keys
}

function drop(hash: number, state: KeyState): Uint32Array {
  keyCache.delete(hash);
  state.key.fill(0);
  return state.table.fill(0);
}

/** For tests: the number of cached keys. */
export const cachedKeyCount = (): number => keyCache.size;

/** For tests: whether a key's state is cached (without touching its recency). */
export function isKeyCached(cipher: GcmBlockCipher, key: Uint8Array): boolean {
  const state = keyCache.get(keyHash(key));
  return state !== undefined && state.cipher === cipher && equalBytes(state.key, key);
}

/** Forgets every cached key (zeroing what it held); later calls rebuild what they need. */
export function clearKeyCache(): void {
  for (const [hash, state] of keyCache) drop(hash, state);
}

/** For tests: clears the cache and sets the hash multipliers (all zero makes every key collide). */
export function reseedKeyCacheForTests(seed: Uint32Array = randomMultipliers()): void {
  clearKeyCache();
  multipliers = Uint32Array.from(seed);
}

function keyState(cipher: GcmBlockCipher, key: Uint8Array): KeyState {
  const hash = keyHash(key);
  const cached = keyCache.get(hash);
  let table: Uint32Array | undefined;
  if (cached) {
    if (cached.cipher === cipher && equalBytes(cached.key, key)) {
      keyCache.delete(hash);
      keyCache.set(hash, cached);
      return cached;
    }
    table = drop(hash, cached); // another key with the same hash: replace it
  } else if (keyCache.size >= KEY_CACHE_SIZE) {
    // Evict the least recently used entry and reuse its table, so that many keys passing
    // through do not churn 4 KiB allocations.
    const [oldestHash, oldest] = keyCache.entries().next().value as [number, KeyState];
    table = drop(oldestHash, oldest);
  }
  const ecb = createCipheriv(`${cipher}-ecb`, key, null).setAutoPadding(false);
  const h = ecb.update(new Uint8Array(16));
  const state: KeyState = { cipher, key: Uint8Array.from(key), ecb, table: ghashTable(h, table) };
  h.fill(0);
  keyCache.set(hash, state);
  return state;
}

/** E_K of whole blocks on the key's cached ECB context: no OpenSSL context is set up per call. */
export const ecbEncrypt = (cipher: GcmBlockCipher, key: Uint8Array, blocks: Uint8Array): Uint8Array =>
  plain(keyState(cipher, key).ecb.update(blocks));

/**
 * Messages up to this many bytes are encrypted with one call into the cached ECB context, over
 * the counter blocks J0, inc32(J0), …, and XORed in JS: E_K(J0) (the tag mask) comes from the
 * same call and no OpenSSL context is created per message. Longer ones use a fresh OpenSSL CTR
 * context (whose set-up cost no longer matters), which needs no counter or keystream buffers and
 * XORs natively; the two are equally fast around this size.
 */
export const ECB_KEYSTREAM_MAX = 2048;

// The counter blocks of the ECB path, rewritten by every call (they hold only the IV, which is
// public, and counters): one buffer for the process instead of one per message.
const counters = new Uint8Array(ECB_KEYSTREAM_MAX + 32);
// GHASH's zero-padded last block and length block: written and wiped within one call.
const ghashTail = new Uint8Array(16);

/**
 * E_K(J0) ‖ E_K(inc32(J0)) ‖ … , `blocks` + 1 blocks, where J0 = IV ‖ 0³¹ ‖ 1. The counter is
 * GCM's inc32 (the low 32 bits wrap), exact for every length.
 */
function keystream(ecb: Cipher, iv: Uint8Array, blocks: number): Buffer {
  const length = 16 * (blocks + 1);
  counters.set(iv);
  // Repeat the first block by doubling, then write the counters.
  for (let filled = 16; filled < length; filled *= 2) counters.copyWithin(filled, 0, Math.min(filled, length - filled));
  for (let i = 1, at = 12; at < length; i++, at += 16) {
    counters[at] = i >>> 24;
    counters[at + 1] = i >>> 16;
    counters[at + 2] = i >>> 8;
    counters[at + 3] = i;
  }
  return ecb.update(counters.subarray(0, length));
}

/** out[at..at+n) = data ⊕ ks[16..16+n), the CTR part of GCM (the first keystream block is the tag mask). */
function applyKeystream(data: Uint8Array, ks: Uint8Array, out: Uint8Array, at: number): void {
  const n = data.length;
  let i = 0;
  if (((data.byteOffset | ks.byteOffset | (out.byteOffset + at)) & 3) === 0) {
    // A word at a time where all three are 4-byte aligned (XOR ignores byte order).
    const words = n >>> 2;
    const out32 = new Int32Array(out.buffer, out.byteOffset + at, words);
    const data32 = new Int32Array(data.buffer, data.byteOffset, words);
    const ks32 = new Int32Array(ks.buffer, ks.byteOffset + 16, words);
    for (let w = 0; w < words; w++) out32[w] = data32[w]! ^ ks32[w]!;
    i = words << 2;
  }
  for (; i < n; i++) out[at + i] = data[i]! ^ ks[i + 16]!;
}

/** OpenSSL CTR from inc32(J0) into out[at..). It increments all 128 counter bits where inc32 wraps
 * the low 32; from a low word of 2 they agree for the at most 2^32 - 2 blocks the caller allows. */
function ctr(cipher: GcmBlockCipher, key: Uint8Array, iv: Uint8Array, data: Uint8Array, out: Uint8Array, at: number): void {
  const counter = new Uint8Array(16);
  counter.set(iv);
  counter[15] = 2;
  out.set(createCipheriv(`${cipher}-ctr`, key, counter).update(data), at);
}

/** GHASH_H(A, C) ⊕ E_K(J0) (the first 16 bytes of `mask`) into tag[at..at+16). */
function tagInto(table: Uint32Array, mask: Uint8Array, aad: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, at: number): void {
  ghash(table, aad, ciphertext, tag, at, ghashTail);
  for (let i = 0; i < 16; i++) tag[at + i] = tag[at + i]! ^ mask[i]!;
}

/** C ‖ T of `plaintext` written into out[at..at+n+16). */
function encryptInto(cipher: GcmBlockCipher, key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array, out: Uint8Array, at: number): void {
  const { ecb, table } = keyState(cipher, key);
  const n = plaintext.length;
  const small = n <= ECB_KEYSTREAM_MAX;
  const ks = keystream(ecb, iv, small ? (n + 15) >>> 4 : 0);
  if (small) applyKeystream(plaintext, ks, out, at);
  else ctr(cipher, key, iv, plaintext, out, at);
  tagInto(table, ks, aad, out.subarray(at, at + n), out, at + n);
  ks.fill(0);
}

export function gcmEncrypt(
  cipher: GcmBlockCipher,
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
  aad: Uint8Array,
): GcmOutput {
  const n = plaintext.length;
  const out = new Uint8Array(n + 16);
  encryptInto(cipher, key, iv, plaintext, aad, out, 0);
  return { ciphertext: out.subarray(0, n), tag: out.subarray(n) };
}

/** IV ‖ C ‖ T in one array: the sealed message, written without intermediate copies. */
export function gcmSeal(cipher: GcmBlockCipher, key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array {
  const out = new Uint8Array(iv.length + plaintext.length + 16);
  out.set(iv);
  encryptInto(cipher, key, iv, plaintext, aad, out, iv.length);
  return out;
}

export function gcmDecrypt(
  cipher: GcmBlockCipher,
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
  aad: Uint8Array,
): Uint8Array {
  const { ecb, table } = keyState(cipher, key);
  const n = ciphertext.length;
  const small = n <= ECB_KEYSTREAM_MAX;
  const ks = keystream(ecb, iv, small ? (n + 15) >>> 4 : 0);
  // The tag is checked before any keystream is applied: no unauthenticated plaintext exists.
  const expected = new Uint8Array(16);
  tagInto(table, ks, aad, ciphertext, expected, 0);
  const valid = equalBytes(expected, tag);
  let plaintext: Uint8Array | undefined;
  if (valid) {
    plaintext = new Uint8Array(n);
    if (small) applyKeystream(ciphertext, ks, plaintext, 0);
    else ctr(cipher, key, iv, ciphertext, plaintext, 0);
  }
  ks.fill(0);
  if (!plaintext) throw new CryptoError('AUTH_FAILED', 'GCM tag mismatch');
  return plaintext;
}
