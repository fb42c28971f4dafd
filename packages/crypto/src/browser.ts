import { sm3 as libSm3 } from 'sm-crypto-v2';
import { arrayBufferCopy, concatBytes, fromHex as hexToBytes } from './codec';
import { createPortalCrypto } from './compose';
import { CryptoError } from './errors';
import { TAG_LENGTH } from './params';
import { rsaGenerateBrowser, rsaOaepDecryptBrowser, rsaOaepEncryptBrowser } from './rsa-browser';
import { jsSm2 } from './sm2';
import { sm4EncryptBlockJs, sm4GcmDecryptJs, sm4GcmEncryptJs } from './sm4-js';
import type { PortalCrypto } from './types';
import { subtle } from './webcrypto';

// The browser implementation: WebCrypto for AES-GCM, SHA-256/HMAC and RSA-OAEP, which it has;
// sm-crypto-v2 for SM2, SM3 and SM4, which it has not.

async function webHmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await subtle().importKey('raw', arrayBufferCopy(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', k, arrayBufferCopy(data)));
}

const aesKey = (key: Uint8Array, usage: 'encrypt' | 'decrypt') =>
  subtle().importKey('raw', arrayBufferCopy(key), 'AES-GCM', false, [usage]);

const aesParams = (iv: Uint8Array, aad: Uint8Array) => ({
  name: 'AES-GCM',
  iv: arrayBufferCopy(iv),
  additionalData: arrayBufferCopy(aad),
  tagLength: TAG_LENGTH * 8,
});

export const portalCrypto: PortalCrypto = createPortalCrypto({
  sm3: async (data) => hexToBytes(libSm3(data)),
  hmacSm3: async (key, data) => hexToBytes(libSm3(data, { key, mode: 'hmac' })),
  sha256: async (data) => new Uint8Array(await subtle().digest('SHA-256', arrayBufferCopy(data))),
  hmacSha256: webHmacSha256,
  sm4EncryptBlock: async (key, block) => sm4EncryptBlockJs(key, block),
  aesGcm: {
    async encrypt(key, iv, plaintext, aad) {
      // WebCrypto returns C ‖ T.
      const sealed = new Uint8Array(
        await subtle().encrypt(aesParams(iv, aad), await aesKey(key, 'encrypt'), arrayBufferCopy(plaintext)),
      );
      const split = sealed.length - TAG_LENGTH;
      return { ciphertext: sealed.slice(0, split), tag: sealed.slice(split) };
    },
    async decrypt(key, iv, ciphertext, tag, aad) {
      const k = await aesKey(key, 'decrypt');
      try {
        return new Uint8Array(await subtle().decrypt(aesParams(iv, aad), k, arrayBufferCopy(concatBytes(ciphertext, tag))));
      } catch (cause) {
        throw new CryptoError('AUTH_FAILED', 'AES-GCM tag mismatch', { cause });
      }
    },
  },
  sm4Gcm: {
    encrypt: async (key, iv, plaintext, aad) => sm4GcmEncryptJs(key, iv, plaintext, aad),
    decrypt: async (key, iv, ciphertext, tag, aad) => sm4GcmDecryptJs(key, iv, ciphertext, tag, aad),
  },
  sm2: jsSm2,
  rsaGenerateKeyPair: rsaGenerateBrowser,
  rsaOaepEncrypt: rsaOaepEncryptBrowser,
  rsaOaepDecrypt: rsaOaepDecryptBrowser,
});

export { CryptoError, type CryptoErrorCode } from './errors';
export type * from './types';
export * from './x509';
