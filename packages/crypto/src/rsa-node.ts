import { constants, createPrivateKey, createPublicKey, generateKeyPair, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { CryptoError } from './errors';
import { plain } from './node-bytes';
import { checkKeyBits, checkOaepCiphertext, checkOaepPlaintext, pemToDer } from './rsa';
import type { KeyPair } from './types';

const generate = promisify(generateKeyPair);

// node:crypto's oaepHash sets the OAEP digest and, left unset, OpenSSL's MGF1 digest follows it.
const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

function rsaKey(pem: string, kind: 'spki' | 'pkcs8'): { key: KeyObject; bits: number } {
  const der = Buffer.from(pemToDer(pem, kind === 'spki' ? 'PUBLIC KEY' : 'PRIVATE KEY'));
  let key: KeyObject;
  try {
    key = kind === 'spki' ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch (cause) {
    throw new CryptoError('INVALID_KEY', `unreadable ${kind} key`, { cause });
  }
  if (key.asymmetricKeyType !== 'rsa') throw new CryptoError('INVALID_KEY', 'not an RSA key');
  return { key, bits: checkKeyBits(key.asymmetricKeyDetails?.modulusLength) };
}

export async function rsaGenerateNode(bits: number): Promise<KeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: bits,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey };
}

export async function rsaOaepEncryptNode(spkiPem: string, data: Uint8Array): Promise<Uint8Array> {
  const { key, bits } = rsaKey(spkiPem, 'spki');
  checkOaepPlaintext(bits, data);
  return plain(publicEncrypt({ key, ...OAEP }, data));
}

export async function rsaOaepDecryptNode(pkcs8Pem: string, ciphertext: Uint8Array): Promise<Uint8Array> {
  const { key, bits } = rsaKey(pkcs8Pem, 'pkcs8');
  checkOaepCiphertext(bits, ciphertext);
  try {
    return plain(privateDecrypt({ key, ...OAEP }, ciphertext));
  } catch (cause) {
    throw new CryptoError('AUTH_FAILED', 'RSA-OAEP decryption failed', { cause });
  }
}
