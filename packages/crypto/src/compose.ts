import { concatBytes, fromBase64, fromBase64Url, fromHex, toBase64, toBase64Url, toHex, utf8Decode, utf8Encode } from './codec';
import { createEnvelope } from './envelope';
import { CryptoError } from './errors';
import {
  GCM_MAX_PLAINTEXT,
  IV_LENGTH,
  TAG_LENGTH,
  checkBytes,
  checkLength,
  checkMacKey,
  symKeyLength,
} from './params';
import { checkGenerateBits } from './rsa';
import { randomBytes, randomHex, randomIv } from './random';
import type { Sm2Engine } from './sm2';
import type { GcmOutput, KeyPair, PortalCrypto, SymType } from './types';

// A synchronous engine (Node's) answers values: each promise layer less is a few microtasks less
// on every encrypted call. WebCrypto answers promises.
type Gcm = {
  encrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): GcmOutput | Promise<GcmOutput>;
  /** Throws AUTH_FAILED on a tag mismatch. */
  decrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** IV ‖ C ‖ T written at once, where the implementation can (Node); otherwise concatenated here. */
  seal?(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array | Promise<Uint8Array>;
};

/** What differs between the Node and browser implementations; inputs arrive validated. */
export interface Primitives {
  sm3(data: Uint8Array): Promise<Uint8Array>;
  hmacSm3(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  sm4EncryptBlock(key: Uint8Array, block: Uint8Array): Promise<Uint8Array>;
  aesGcm: Gcm;
  sm4Gcm: Gcm;
  sm2: Sm2Engine;
  rsaGenerateKeyPair(bits: number): Promise<KeyPair>;
  rsaOaepEncrypt(spkiPem: string, data: Uint8Array): Promise<Uint8Array>;
  rsaOaepDecrypt(pkcs8Pem: string, ciphertext: Uint8Array): Promise<Uint8Array>;
  /** A faster base64 that accepts exactly what the shared JS codec accepts (Node: native). */
  base64?: Base64Codec;
}

export interface Base64Codec {
  toBase64(bytes: Uint8Array): string;
  fromBase64(text: string): Uint8Array;
  toBase64Url(bytes: Uint8Array): string;
  fromBase64Url(text: string): Uint8Array;
}

/**
 * The public API over one set of primitives. All argument checks live here so that both
 * implementations accept and refuse exactly the same inputs with the same error codes.
 */
export function createPortalCrypto(p: Primitives): PortalCrypto {
  // SM4 sessions use SM3/SM4, AES sessions SHA-256/AES; symKeyLength refuses unknown types.
  const smSuite = (symType: SymType): boolean => symKeyLength(symType) === 16;
  const gcmFor = (symType: SymType): Gcm => (smSuite(symType) ? p.sm4Gcm : p.aesGcm);

  const checkGcmArgs = (symType: SymType, key: Uint8Array, iv: Uint8Array, aad: Uint8Array, data: Uint8Array) => {
    checkLength(`${symType} key`, key, symKeyLength(symType), 'INVALID_KEY');
    checkLength('IV', iv, IV_LENGTH, 'INVALID_INPUT');
    checkBytes('AAD', aad);
    checkBytes('GCM input', data, GCM_MAX_PLAINTEXT);
  };

  const gcmEncrypt = (symType: SymType) => async (key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) => {
    checkGcmArgs(symType, key, iv, aad, plaintext);
    return gcmFor(symType).encrypt(key, iv, plaintext, aad);
  };

  const checkedDecrypt = (symType: SymType, key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array) => {
    checkGcmArgs(symType, key, iv, aad, ciphertext);
    checkLength('tag', tag, TAG_LENGTH, 'INVALID_INPUT');
    return gcmFor(symType).decrypt(key, iv, ciphertext, tag, aad);
  };

  const gcmDecrypt =
    (symType: SymType) =>
    async (key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array) =>
      checkedDecrypt(symType, key, iv, ciphertext, tag, aad);

  const hash = (fn: (data: Uint8Array) => Promise<Uint8Array>) => async (data: Uint8Array) => {
    checkBytes('data', data);
    return fn(data);
  };

  const hmac = (fn: (key: Uint8Array, data: Uint8Array) => Promise<Uint8Array>) => async (key: Uint8Array, data: Uint8Array) => {
    checkMacKey(key);
    checkBytes('data', data);
    return fn(key, data);
  };

  const sm3 = hash(p.sm3);
  const sha256 = hash(p.sha256);
  const hmacSm3 = hmac(p.hmacSm3);
  const hmacSha256 = hmac(p.hmacSha256);

  const asym = {
    sm2Encrypt: async (publicKey: string, data: Uint8Array) => {
      checkBytes('data', data);
      return p.sm2.encrypt(publicKey, data);
    },
    sm2Decrypt: async (privateKey: string, ciphertext: Uint8Array) => {
      checkBytes('ciphertext', ciphertext);
      return p.sm2.decrypt(privateKey, ciphertext);
    },
    rsaOaepEncrypt: async (spkiPem: string, data: Uint8Array) => {
      checkBytes('data', data);
      return p.rsaOaepEncrypt(spkiPem, data);
    },
    rsaOaepDecrypt: async (pkcs8Pem: string, ciphertext: Uint8Array) => {
      checkBytes('ciphertext', ciphertext);
      return p.rsaOaepDecrypt(pkcs8Pem, ciphertext);
    },
  };

  return {
    ...(p.base64 ?? { toBase64, fromBase64, toBase64Url, fromBase64Url }),
    toHex,
    fromHex,
    utf8Encode,
    utf8Decode,
    randomBytes,
    randomHex,

    sm3,
    hmacSm3,
    sha256,
    hmacSha256,
    digest: async (symType, data) => (smSuite(symType) ? sm3(data) : sha256(data)),
    mac: async (symType, key, data) => (smSuite(symType) ? hmacSm3(key, data) : hmacSha256(key, data)),

    async sm4EncryptBlock(key, block) {
      checkLength('SM4 key', key, 16, 'INVALID_KEY');
      checkLength('SM4 block', block, 16, 'INVALID_INPUT');
      return p.sm4EncryptBlock(key, block);
    },
    aesGcmEncrypt: gcmEncrypt('AES'),
    aesGcmDecrypt: gcmDecrypt('AES'),
    sm4GcmEncrypt: gcmEncrypt('SM4'),
    sm4GcmDecrypt: gcmDecrypt('SM4'),

    async seal(symType, key, plaintext, aad) {
      const iv = randomIv(IV_LENGTH);
      const gcm = gcmFor(symType);
      if (gcm.seal) {
        checkGcmArgs(symType, key, iv, aad, plaintext);
        return gcm.seal(key, iv, plaintext, aad);
      }
      const { ciphertext, tag } = await gcmEncrypt(symType)(key, iv, plaintext, aad);
      return concatBytes(iv, ciphertext, tag);
    },
    async open(symType, key, message, aad) {
      checkBytes('message', message);
      if (message.length < IV_LENGTH + TAG_LENGTH) {
        throw new CryptoError('MALFORMED', `message of ${message.length} bytes is shorter than IV + tag`);
      }
      const iv = message.subarray(0, IV_LENGTH);
      const ciphertext = message.subarray(IV_LENGTH, message.length - TAG_LENGTH);
      const tag = message.subarray(message.length - TAG_LENGTH);
      return checkedDecrypt(symType, key, iv, ciphertext, tag, aad);
    },

    sm2GenerateKeyPair: async () => p.sm2.generateKeyPair(),
    ...asym,
    async sm2Sign(privateKey, message) {
      checkBytes('message', message);
      return p.sm2.sign(privateKey, message);
    },
    async sm2Verify(publicKey, message, signature) {
      checkBytes('message', message);
      checkBytes('signature', signature);
      return p.sm2.verify(publicKey, message, signature);
    },

    async rsaGenerateKeyPair(bits = 3072) {
      checkGenerateBits(bits);
      return p.rsaGenerateKeyPair(bits);
    },

    ...createEnvelope(asym),
  };
}
