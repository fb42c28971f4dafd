import { type CipherGCMTypes, createCipheriv, createDecipheriv } from 'node:crypto';
import { concatBytes, equalBytes, fromHex, utf8Encode } from './codec';
import { encodeSm2Ciphertext } from './der';
import { CryptoError } from './errors';
import { gcmDecrypt, gcmEncrypt, gcmSeal } from './gcm-node';
import { plain } from './node-bytes';
import { TAG_LENGTH } from './params';
import { jsSm2, signatureFromHex, type Sm2Engine } from './sm2';
import { nodeSm2 } from './sm2-node';
import type { GcmOutput } from './types';

// Node lines differ in what node:crypto offers: ECDH on the SM2 curve works on Node 20 and 22
// and is refused from Node 24 on; SM4-GCM is a node:crypto cipher on Node 26. Each primitive is
// chosen once, when this module loads, by running the native engine on a published known
// answer; where it throws or answers wrongly, the project's own engine is used. The Node version
// is never consulted: what a binary offers depends on how it was built (a distribution's Node
// may link the system OpenSSL), and only a test of the primitive itself tells.

/** GCM over inputs that the caller has validated (key, 12-byte IV, 16-byte tag). */
export interface GcmEngine {
  encrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): GcmOutput;
  /** Throws AUTH_FAILED on a tag mismatch. */
  decrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array): Uint8Array;
  /** IV ‖ C ‖ T in one array, as it travels (no copy through separate ciphertext and tag arrays). */
  seal(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array;
}

export function opensslGcm(name: 'aes-256-gcm' | 'sm4-gcm'): GcmEngine {
  // @types/node types the GCM overloads for the AES and ChaCha names only.
  const algorithm = name as CipherGCMTypes;
  return {
    encrypt(key, iv, plaintext, aad) {
      const cipher = createCipheriv(algorithm, key, iv, { authTagLength: TAG_LENGTH }).setAAD(aad);
      const ciphertext = concatBytes(cipher.update(plaintext), cipher.final());
      return { ciphertext, tag: plain(cipher.getAuthTag()) };
    },
    seal(key, iv, plaintext, aad) {
      const cipher = createCipheriv(algorithm, key, iv, { authTagLength: TAG_LENGTH }).setAAD(aad);
      const out = new Uint8Array(iv.length + plaintext.length + TAG_LENGTH);
      out.set(iv);
      out.set(cipher.update(plaintext), iv.length);
      cipher.final(); // GCM is a stream mode: nothing is held back
      out.set(cipher.getAuthTag(), iv.length + plaintext.length);
      return out;
    },
    decrypt(key, iv, ciphertext, tag, aad) {
      // authTagLength: without it node:crypto also accepts tags truncated to 4 bytes.
      const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: TAG_LENGTH }).setAAD(aad).setAuthTag(tag);
      const plaintext = decipher.update(ciphertext);
      try {
        decipher.final();
      } catch (cause) {
        throw new CryptoError('AUTH_FAILED', `${algorithm} tag mismatch`, { cause });
      }
      return plain(plaintext);
    },
  };
}

export const sm2Engines = {
  /** node:crypto ECDH on curve 'SM2' for the private-key scalar multiplications. */
  openssl: nodeSm2,
  /** sm-crypto-v2 for all curve arithmetic (the browser's engine). */
  js: jsSm2,
} as const satisfies Record<string, Sm2Engine>;

export const sm4GcmEngines = {
  openssl: opensslGcm('sm4-gcm'),
  /** OpenSSL SM4 ECB/CTR with the project's GHASH (gcm-node.ts). */
  composed: {
    encrypt: (key, iv, plaintext, aad) => gcmEncrypt('sm4', key, iv, plaintext, aad),
    decrypt: (key, iv, ciphertext, tag, aad) => gcmDecrypt('sm4', key, iv, ciphertext, tag, aad),
    seal: (key, iv, plaintext, aad) => gcmSeal('sm4', key, iv, plaintext, aad),
  },
} as const satisfies Record<string, GcmEngine>;

export interface EngineChoice {
  sm2: keyof typeof sm2Engines;
  sm4Gcm: keyof typeof sm4GcmEngines;
}

// Known answers, as in test/standard-vectors.json: GB/T 32918.5 Annexes A and C (SM2 signature
// and encryption on the recommended curve) and RFC 8998 A.1 (SM4-GCM).
const SM2_D = '3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8';
export const SM2_KNOWN_SIGNATURE = {
  message: 'message digest',
  k: '59276e27d506861a16680f3ad9c02dccef3cc1fa3cdbe4ce6d54b80deac1bc21',
  r: 'f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3',
  s: 'b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa',
};
export const SM2_KNOWN_ENCRYPTION = {
  message: 'encryption standard',
  c1: '0404ebfc718e8d1798620432268e77feb6415e2ede0e073c0f4f640ecd2e149a73e858f9d81e5430a57b36daab8f950a3c64e6ee6a63094d99283aff767e124df0',
  c3: '59983c18f809e262923c53aec295d30383b54e39d609d160afcb1908d0bd8766',
  c2: '21886ca989ca9c7d58087307ca93092d651efa',
};
export const SM4_GCM_KNOWN = {
  key: '0123456789abcdeffedcba9876543210',
  iv: '00001234567800000000abcd',
  aad: 'feedfacedeadbeeffeedfacedeadbeefabaddad2',
  plaintext:
    'aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccddddddddddddddddeeeeeeeeeeeeeeeeffffffffffffffffeeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa',
  ciphertext:
    '17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735d82710ca5c22f0ccfa7cbf93d496ac15a56834cbcf98c397b4024a2691233b8d',
  tag: '83de3541e4c2b58177e065a9bf7b62ec',
};

/** A check that throws counts as failed: a missing primitive throws from node:crypto. */
function passes(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/** Signs with the standard's k (key derivation by scalar multiplication) and decrypts its ciphertext (ECDH). */
export const sm2EngineWorks = (engine: Sm2Engine): boolean =>
  passes(() => {
    const t = SM2_KNOWN_SIGNATURE;
    const signature = engine.sign(SM2_D, utf8Encode(t.message), BigInt('0x' + t.k));
    const c = SM2_KNOWN_ENCRYPTION;
    const ciphertext = encodeSm2Ciphertext({
      x: BigInt('0x' + c.c1.slice(2, 66)),
      y: BigInt('0x' + c.c1.slice(66)),
      hash: fromHex(c.c3),
      ciphertext: fromHex(c.c2),
    });
    return (
      equalBytes(signature, signatureFromHex(t.r + t.s)) &&
      equalBytes(engine.decrypt(SM2_D, ciphertext), utf8Encode(c.message))
    );
  });

/** Encrypts and decrypts the RFC 8998 vector, and refuses it with a flipped tag bit. */
export const sm4GcmEngineWorks = (engine: GcmEngine): boolean =>
  passes(() => {
    const t = SM4_GCM_KNOWN;
    const [key, iv, aad] = [fromHex(t.key), fromHex(t.iv), fromHex(t.aad)];
    const sealed = engine.encrypt(key, iv, fromHex(t.plaintext), aad);
    const opened = engine.decrypt(key, iv, fromHex(t.ciphertext), fromHex(t.tag), aad);
    const badTag = fromHex(t.tag);
    badTag[0] = badTag[0]! ^ 1;
    const forged = passes(() => engine.decrypt(key, iv, fromHex(t.ciphertext), badTag, aad).length >= 0);
    return (
      equalBytes(sealed.ciphertext, fromHex(t.ciphertext)) &&
      equalBytes(sealed.tag, fromHex(t.tag)) &&
      equalBytes(opened, fromHex(t.plaintext)) &&
      !forged
    );
  });

/** The engines this process uses, decided once at start-up. */
export const engineChoice: Readonly<EngineChoice> = Object.freeze({
  sm2: sm2EngineWorks(sm2Engines.openssl) ? 'openssl' : 'js',
  sm4Gcm: sm4GcmEngineWorks(sm4GcmEngines.openssl) ? 'openssl' : 'composed',
});
