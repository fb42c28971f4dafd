import { sm4 } from 'sm-crypto-v2';
import { CryptoError } from './errors';
import type { GcmOutput } from './types';

// sm-crypto-v2's SM4, guarded: in GCM mode it does not check the key length (a short key is
// zero-filled, a long one truncated), uses an all-zero IV when none is given, and decrypts
// without authentication when the tag is omitted. The caller validates key (16), IV (12) and
// tag (16) lengths; here the IV and tag are always passed.

export const sm4EncryptBlockJs = (key: Uint8Array, block: Uint8Array): Uint8Array =>
  sm4.encrypt(block, key, { padding: 'none', output: 'array' });

export function sm4GcmEncryptJs(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): GcmOutput {
  const { output, tag } = sm4.encrypt(plaintext, key, {
    mode: 'gcm',
    iv,
    associatedData: aad,
    output: 'array',
    outputTag: true,
  });
  if (!tag) throw new CryptoError('AUTH_FAILED', 'SM4-GCM produced no tag');
  return { ciphertext: output, tag };
}

export function sm4GcmDecryptJs(
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
  aad: Uint8Array,
): Uint8Array {
  try {
    // With `tag` the library compares it before decrypting and throws on mismatch.
    return sm4.decrypt(ciphertext, key, { mode: 'gcm', iv, associatedData: aad, tag, output: 'array' });
  } catch (cause) {
    throw new CryptoError('AUTH_FAILED', 'SM4-GCM tag mismatch', { cause });
  }
}
