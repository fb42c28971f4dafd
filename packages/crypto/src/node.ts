import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { concatBytes } from './codec';
import { nodeBase64 } from './codec-node';
import { createPortalCrypto } from './compose';
import { CryptoError } from './errors';
import { gcmDecrypt, gcmEncrypt } from './gcm-node';
import { plain } from './node-bytes';
import { TAG_LENGTH } from './params';
import { rsaGenerateNode, rsaOaepDecryptNode, rsaOaepEncryptNode } from './rsa-node';
import { nodeSm2 } from './sm2-node';
import type { PortalCrypto } from './types';

// The server-side implementation: OpenSSL (node:crypto) wherever 3.0 has the primitive.

const hash = (algorithm: string) => async (data: Uint8Array) => plain(createHash(algorithm).update(data).digest());
const hmac = (algorithm: string) => async (key: Uint8Array, data: Uint8Array) =>
  plain(createHmac(algorithm, key).update(data).digest());

export const portalCrypto: PortalCrypto = createPortalCrypto({
  sm3: hash('sm3'),
  hmacSm3: hmac('sm3'),
  sha256: hash('sha256'),
  hmacSha256: hmac('sha256'),
  sm4EncryptBlock: async (key, block) => plain(createCipheriv('sm4-ecb', key, null).setAutoPadding(false).update(block)),
  aesGcm: {
    async encrypt(key, iv, plaintext, aad) {
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH }).setAAD(aad);
      const ciphertext = concatBytes(cipher.update(plaintext), cipher.final());
      return { ciphertext, tag: plain(cipher.getAuthTag()) };
    },
    async decrypt(key, iv, ciphertext, tag, aad) {
      // authTagLength: without it node:crypto also accepts tags truncated to 4 bytes.
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH }).setAAD(aad).setAuthTag(tag);
      const plaintext = decipher.update(ciphertext);
      try {
        decipher.final();
      } catch (cause) {
        throw new CryptoError('AUTH_FAILED', 'AES-GCM tag mismatch', { cause });
      }
      return plain(plaintext);
    },
  },
  sm4Gcm: {
    encrypt: async (key, iv, plaintext, aad) => gcmEncrypt('sm4', key, iv, plaintext, aad),
    decrypt: async (key, iv, ciphertext, tag, aad) => gcmDecrypt('sm4', key, iv, ciphertext, tag, aad),
  },
  sm2: nodeSm2,
  rsaGenerateKeyPair: rsaGenerateNode,
  rsaOaepEncrypt: rsaOaepEncryptNode,
  rsaOaepDecrypt: rsaOaepDecryptNode,
  base64: nodeBase64,
});

export { CryptoError, type CryptoErrorCode } from './errors';
export type * from './types';
export * from './x509';
