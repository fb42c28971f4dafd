import { arrayBufferCopy } from './codec';
import { CryptoError } from './errors';
import { checkKeyBits, checkOaepCiphertext, checkOaepPlaintext, derToPem, pemToDer } from './rsa';
import type { KeyPair } from './types';
import { subtle } from './webcrypto';

// WebCrypto's RSA-OAEP hash is the OAEP digest and the MGF1 digest alike.
const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

async function importRsa(pem: string, kind: 'spki' | 'pkcs8') {
  const der = arrayBufferCopy(pemToDer(pem, kind === 'spki' ? 'PUBLIC KEY' : 'PRIVATE KEY'));
  const key = await subtle().importKey(kind, der, OAEP, false, [kind === 'spki' ? 'encrypt' : 'decrypt']).catch((cause: unknown) => {
    throw new CryptoError('INVALID_KEY', `unreadable RSA ${kind} key`, { cause });
  });
  const { modulusLength } = key.algorithm as { modulusLength?: number };
  return { key, bits: checkKeyBits(modulusLength) };
}

export async function rsaGenerateBrowser(bits: number): Promise<KeyPair> {
  const pair = await subtle().generateKey(
    { ...OAEP, modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle().exportKey('spki', pair.publicKey));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { publicKey: derToPem(spki, 'PUBLIC KEY'), privateKey: derToPem(pkcs8, 'PRIVATE KEY') };
}

export async function rsaOaepEncryptBrowser(spkiPem: string, data: Uint8Array): Promise<Uint8Array> {
  const { key, bits } = await importRsa(spkiPem, 'spki');
  checkOaepPlaintext(bits, data);
  return new Uint8Array(await subtle().encrypt(OAEP, key, arrayBufferCopy(data)));
}

export async function rsaOaepDecryptBrowser(pkcs8Pem: string, ciphertext: Uint8Array): Promise<Uint8Array> {
  const { key, bits } = await importRsa(pkcs8Pem, 'pkcs8');
  checkOaepCiphertext(bits, ciphertext);
  try {
    return new Uint8Array(await subtle().decrypt(OAEP, key, arrayBufferCopy(ciphertext)));
  } catch (cause) {
    throw new CryptoError('AUTH_FAILED', 'RSA-OAEP decryption failed', { cause });
  }
}
