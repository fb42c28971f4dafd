import { kdf as libKdf, sm2 as lib, sm3 as libSm3 } from 'sm-crypto-v2';
import { bigIntToBytes, bytesToBigInt, concatBytes, equalBytes, fromHex } from './codec';
import { decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext, encodeSm2Signature, type Sm2Ciphertext } from './der';
import { CryptoError } from './errors';
import { randomBytes } from './random';
import { sm2VerifyWith } from './sm2-verify';
import type { KeyPair } from './types';

/** GB/T 32918.2 default distinguishing identifier; OpenSSL 3.0 needs it as `distid`. */
export const SM2_DEFAULT_USER_ID = '1234567812345678';

// GB/T 32918.5 recommended curve y² = x³ + ax + b over F_p.
export const SM2_P = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;
export const SM2_A = SM2_P - 3n;
export const SM2_B = 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n;
export const SM2_N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;
export const SM2_GX = 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n;
export const SM2_GY = 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n;

/**
 * SM2 operations of one implementation. Synchronous: both back ends are. `k` fixes the
 * ephemeral scalar for the GB/T 32918.5 known-answer tests only; a repeated k reveals the key.
 */
export interface Sm2Engine {
  generateKeyPair(): KeyPair;
  encrypt(publicKey: string, data: Uint8Array, k?: bigint): Uint8Array;
  decrypt(privateKey: string, ciphertext: Uint8Array): Uint8Array;
  sign(privateKey: string, message: Uint8Array, k?: bigint): Uint8Array;
  verify(publicKey: string, message: Uint8Array, signature: Uint8Array): boolean;
}

export interface Sm2Point {
  x: bigint;
  y: bigint;
}

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

export function modPow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n;
  let b = mod(base, m);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

/** x³ + ax + b, the right-hand side of the curve equation. */
export const curveRhs = (x: bigint): bigint => mod(x * x * x + SM2_A * x + SM2_B, SM2_P);

const isOnCurve = ({ x, y }: Sm2Point): boolean =>
  x >= 0n && x < SM2_P && y >= 0n && y < SM2_P && mod(y * y, SM2_P) === curveRhs(x);

export const scalarHex = (k: bigint): string => k.toString(16).padStart(64, '0');
const pointBytes = ({ x, y }: Sm2Point): Uint8Array =>
  concatBytes(Uint8Array.of(4), bigIntToBytes(x, 32), bigIntToBytes(y, 32));

/** d as hex(64) in [1, n-2]: signing divides by 1 + d, so n-1 is excluded too. */
export function parsePrivateKey(hex: string): bigint {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new CryptoError('INVALID_KEY', 'SM2 private key must be 64 hex digits');
  const d = BigInt('0x' + hex);
  if (d < 1n || d > SM2_N - 2n) throw new CryptoError('INVALID_KEY', 'SM2 private key out of range');
  return d;
}

/** '04' + X + Y, a point on the curve (the point at infinity has no such encoding). */
export function parsePublicKey(hex: string): Sm2Point {
  if (!/^04[0-9a-fA-F]{128}$/.test(hex)) {
    throw new CryptoError('INVALID_KEY', "SM2 public key must be '04' + X + Y (130 hex digits)");
  }
  const point = { x: BigInt('0x' + hex.slice(2, 66)), y: BigInt('0x' + hex.slice(66)) };
  if (!isOnCurve(point)) throw new CryptoError('INVALID_KEY', 'SM2 public key is not on the curve');
  return point;
}

/** Uniform in [1, n-2] by rejection. */
export function randomScalar(): bigint {
  for (;;) {
    const k = bytesToBigInt(randomBytes(32));
    if (k >= 1n && k <= SM2_N - 2n) return k;
  }
}

/** C1 of a parsed ciphertext, refused unless it is a curve point. */
export function ciphertextPoint(c: Sm2Ciphertext): Uint8Array {
  if (!isOnCurve(c)) throw new CryptoError('MALFORMED', 'SM2 ciphertext C1 is not on the curve');
  return pointBytes(c);
}

/**
 * GB/T 32918.4 decryption steps B4-B7 for each candidate shared point (x2, y2): the Node back end
 * knows only x2 and tries both square roots; exactly one can match C3. All candidates are
 * processed so the time does not tell which one did.
 */
export function recoverPlaintext(
  c: Sm2Ciphertext,
  candidates: ReadonlyArray<readonly [Uint8Array, Uint8Array]>,
  kdf: (z: Uint8Array, length: number) => Uint8Array,
  sm3: (data: Uint8Array) => Uint8Array,
): Uint8Array {
  let plaintext: Uint8Array | undefined;
  for (const [x2, y2] of candidates) {
    const t = kdf(concatBytes(x2, y2), c.ciphertext.length);
    const m = c.ciphertext.map((b, i) => b ^ t[i]!);
    const u = sm3(concatBytes(x2, m, y2));
    // An all-zero t would leave C2 = M; the standard refuses it.
    const zeroMask = t.length > 0 && t.every((b) => b === 0);
    if (equalBytes(u, c.hash) && !zeroMask) plaintext = m;
  }
  if (!plaintext) throw new CryptoError('AUTH_FAILED', 'SM2 decryption failed');
  return plaintext;
}

/** DER signature to (r, s), or null unless both lie in [1, n-1] (sm-crypto-v2 skips this check). */
export function parseSignature(signature: Uint8Array): { r: bigint; s: bigint } | null {
  let rs: { r: bigint; s: bigint };
  try {
    rs = decodeSm2Signature(signature);
  } catch {
    return null;
  }
  const inRange = (v: bigint) => v >= 1n && v < SM2_N;
  return inRange(rs.r) && inRange(rs.s) ? rs : null;
}

/** sm-crypto-v2 signs with r‖s hex; we carry DER. */
export const signatureFromHex = (rs: string): Uint8Array =>
  encodeSm2Signature(BigInt('0x' + rs.slice(0, 64)), BigInt('0x' + rs.slice(64)));

/** sm-crypto-v2's hook for a precomputed (k, x(kG)); used only to inject a known-answer k. */
export function fixedPoint(k: bigint): { k: bigint; x1: bigint }[] {
  return [{ k, x1: BigInt('0x' + lib.getPublicKeyFromPrivateKey(scalarHex(k)).slice(2, 66)) }];
}

const sm3Bytes = (data: Uint8Array): Uint8Array => fromHex(libSm3(data));

/** SM2 encryption on sm-crypto-v2's curve arithmetic; shared by both back ends (node:crypto's ECDH yields only x2). */
export function encryptJs(publicKey: string, data: Uint8Array, k?: bigint): Uint8Array {
  parsePublicKey(publicKey);
  const pubHex = publicKey.toLowerCase();
  for (;;) {
    const scalar = k ?? randomScalar();
    const c1 = fromHex(lib.getPublicKeyFromPrivateKey(scalarHex(scalar)));
    const shared = lib.ecdh(scalarHex(scalar), pubHex, false);
    const x2 = shared.subarray(1, 33);
    const y2 = shared.subarray(33, 65);
    const t = libKdf(concatBytes(x2, y2), data.length);
    if (data.length > 0 && t.every((b) => b === 0)) {
      if (k !== undefined) throw new CryptoError('INVALID_INPUT', 'SM2: fixed k gives an all-zero key stream');
      continue;
    }
    return encodeSm2Ciphertext({
      x: bytesToBigInt(c1.subarray(1, 33)),
      y: bytesToBigInt(c1.subarray(33, 65)),
      hash: sm3Bytes(concatBytes(x2, data, y2)),
      ciphertext: data.map((b, i) => b ^ t[i]!),
    });
  }
}

/** The browser back end: sm-crypto-v2 for all SM2 arithmetic, SM3 and KDF. */
export const jsSm2: Sm2Engine = {
  generateKeyPair() {
    const d = randomScalar();
    return { privateKey: scalarHex(d), publicKey: lib.getPublicKeyFromPrivateKey(scalarHex(d)).toLowerCase() };
  },

  encrypt: encryptJs,

  decrypt(privateKey, ciphertext) {
    const d = parsePrivateKey(privateKey);
    const c = decodeSm2Ciphertext(ciphertext);
    const shared = lib.ecdh(scalarHex(d), ciphertextPoint(c), false);
    return recoverPlaintext(c, [[shared.subarray(1, 33), shared.subarray(33, 65)]], libKdf, sm3Bytes);
  },

  sign(privateKey, message, k) {
    const d = scalarHex(parsePrivateKey(privateKey));
    // hash: true is what adds Z and SM3; without it the library signs the raw message as e.
    const rs = lib.doSignature(message, d, {
      hash: true,
      der: false,
      publicKey: lib.getPublicKeyFromPrivateKey(d),
      userId: SM2_DEFAULT_USER_ID,
      ...(k === undefined ? {} : { pointPool: fixedPoint(k) }),
    });
    return signatureFromHex(rs);
  },

  verify: sm2VerifyWith(sm3Bytes),
};
