import { fromBase64, toBase64 } from './codec';
import { CryptoError } from './errors';
import { checkAsymType, symKeyLength } from './params';
import { randomBytes } from './random';
import type { AsymType, PortalCrypto, SymType } from './types';

type AsymOps = Pick<PortalCrypto, 'sm2Encrypt' | 'sm2Decrypt' | 'rsaOaepEncrypt' | 'rsaOaepDecrypt'>;
type EnvelopeOps = Pick<
  PortalCrypto,
  'asymEncrypt' | 'asymDecrypt' | 'generateSessionKey' | 'encryptSessionKey' | 'decryptSessionKey'
>;

/** docs/wire.md `rev` and `zctgPassword`: base64 of the SM2 (GM/T 0009 DER) or RSA-OAEP-SHA256 ciphertext. */
export function createEnvelope(ops: AsymOps): EnvelopeOps {
  const asymEncrypt = async (asymType: AsymType, publicKey: string, data: Uint8Array): Promise<string> => {
    checkAsymType(asymType);
    const ciphertext = asymType === 'SM2' ? await ops.sm2Encrypt(publicKey, data) : await ops.rsaOaepEncrypt(publicKey, data);
    return toBase64(ciphertext);
  };

  const asymDecrypt = async (asymType: AsymType, privateKey: string, encoded: string): Promise<Uint8Array> => {
    checkAsymType(asymType);
    const ciphertext = fromBase64(encoded);
    return asymType === 'SM2' ? ops.sm2Decrypt(privateKey, ciphertext) : ops.rsaOaepDecrypt(privateKey, ciphertext);
  };

  const checkSessionKey = (key: Uint8Array, symType: SymType | undefined): void => {
    const ok = symType === undefined ? key.length === 16 || key.length === 32 : key.length === symKeyLength(symType);
    if (!ok) {
      throw new CryptoError('INVALID_KEY', `session key of ${key.length} bytes does not fit ${symType ?? 'SM4 or AES'}`);
    }
  };

  return {
    asymEncrypt,
    asymDecrypt,
    generateSessionKey: (symType) => randomBytes(symKeyLength(symType)),
    async encryptSessionKey(asymType, publicKey, key) {
      checkSessionKey(key, undefined);
      return asymEncrypt(asymType, publicKey, key);
    },
    async decryptSessionKey(asymType, privateKey, rev, symType) {
      const key = await asymDecrypt(asymType, privateKey, rev);
      checkSessionKey(key, symType);
      return key;
    },
  };
}
