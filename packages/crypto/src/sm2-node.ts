import { createECDH, createHash, type ECDH } from 'node:crypto';
import { sm2 as lib } from 'sm-crypto-v2';
import { bigIntToBytes, bytesToBigInt, concatBytes } from './codec';
import { decodeSm2Ciphertext } from './der';
import { CryptoError } from './errors';
import { sm2VerifyWith, sm2ZaWith } from './sm2-verify';
import {
  SM2_P,
  ciphertextPoint,
  curveRhs,
  encryptJs,
  modPow,
  parsePrivateKey,
  randomScalar,
  recoverPlaintext,
  scalarHex,
  signatureFromHex,
  type Sm2Engine,
  type Sm2Point,
} from './sm2';

// OpenSSL 3.0 has the SM2 curve and SM3 but signs with an empty user ID and offers no SM2
// encryption through node:crypto. So: ECDH on curve 'SM2' for the scalar multiplications it
// can do, node:crypto SM3 for Z, e and the KDF, and sm-crypto-v2 only for the rest. Node 24 and
// later refuse ECDH on that curve: node-engines.ts uses this engine only where it works.

const sm3 = (data: Uint8Array): Uint8Array => createHash('sm3').update(data).digest();

/** GB/T 32918.4 KDF: SM3(Z ‖ ct) for ct = 1, 2, ... truncated to `length`. */
function kdf(z: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const counter = new Uint8Array(4);
  const view = new DataView(counter.buffer);
  for (let ct = 1, offset = 0; offset < length; ct++, offset += 32) {
    view.setUint32(0, ct);
    out.set(sm3(concatBytes(z, counter)).subarray(0, length - offset), offset);
  }
  return out;
}

function ecdhFor(d: bigint): ECDH {
  const ecdh = createECDH('SM2');
  ecdh.setPrivateKey(bigIntToBytes(d, 32));
  return ecdh;
}

/**
 * The ECDH objects of the few long-lived keys that decrypt (the server's published key and those
 * still accepted during a rotation): setting a private key computes its public point, a scalar
 * multiplication as costly as the decryption's own.
 */
const decryptingKeys = new Map<string, ECDH>();
const DECRYPTING_KEYS_MAX = 8;

function decryptingEcdh(privateKey: string): ECDH {
  let ecdh = decryptingKeys.get(privateKey);
  if (!ecdh) {
    ecdh = ecdhFor(parsePrivateKey(privateKey));
    if (decryptingKeys.size >= DECRYPTING_KEYS_MAX) decryptingKeys.clear();
    decryptingKeys.set(privateKey, ecdh);
  }
  return ecdh;
}

/** Z_A with the default identifier or `userId`, GB/T 32918.2 §5.5. */
export const sm2Za = (pub: Sm2Point, userId?: string): Uint8Array => sm2ZaWith(sm3, pub, userId);

/** e = SM3(Z_A ‖ M), the value actually signed. */
export const sm2E = (pub: Sm2Point, message: Uint8Array): Uint8Array => sm3(concatBytes(sm2Za(pub), message));

const SQRT_EXPONENT = (SM2_P + 1n) / 4n; // p ≡ 3 (mod 4)

/** Both y with (x, y) on the curve: ECDH returns only x2, and y2 feeds the KDF and C3. */
function yCandidates(x2: Uint8Array): Uint8Array[] {
  const y = modPow(curveRhs(bytesToBigInt(x2)), SQRT_EXPONENT, SM2_P);
  return [y, SM2_P - y].map((v) => bigIntToBytes(v % SM2_P, 32));
}

function publicPoint(d: bigint): Sm2Point {
  const pub = ecdhFor(d).getPublicKey();
  return { x: bytesToBigInt(pub.subarray(1, 33)), y: bytesToBigInt(pub.subarray(33, 65)) };
}

export const nodeSm2: Sm2Engine = {
  generateKeyPair() {
    const d = randomScalar();
    return { privateKey: scalarHex(d), publicKey: ecdhFor(d).getPublicKey('hex') };
  },

  encrypt: encryptJs,

  decrypt(privateKey, ciphertext) {
    const ecdh = decryptingEcdh(privateKey);
    const c = decodeSm2Ciphertext(ciphertext);
    const c1 = ciphertextPoint(c);
    let x2: Uint8Array;
    try {
      x2 = ecdh.computeSecret(c1);
    } catch (cause) {
      throw new CryptoError('MALFORMED', 'SM2 ciphertext C1 rejected by OpenSSL', { cause });
    }
    return recoverPlaintext(c, yCandidates(x2).map((y2) => [x2, y2] as const), kdf, sm3);
  },

  sign(privateKey, message, k) {
    const d = parsePrivateKey(privateKey);
    // hash: false on purpose: e = SM3(Z ‖ M) is computed here, so the library only does the
    // scalar arithmetic of GB/T 32918.2 §6.1 A4-A7.
    const rs = lib.doSignature(sm2E(publicPoint(d), message), scalarHex(d), {
      hash: false,
      der: false,
      // x(kG) by ECDH: the start-up's known-answer test (node-engines.ts) then builds no
      // window table for sm-crypto-v2's base point, a sixth of a restart's CPU.
      ...(k === undefined ? {} : { pointPool: [{ k, x1: publicPoint(k).x }] }),
    });
    return signatureFromHex(rs);
  },

  verify: sm2VerifyWith(sm3),
};
