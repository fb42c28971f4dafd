import { fromBase64, toBase64 } from './codec';
import { CryptoError } from './errors';

/** docs/wire.md: RSA keys of at least 3072 bits. */
const RSA_MIN_BITS = 3072;
const RSA_MAX_BITS = 16384;

export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY';

/** DER body of a PEM block with exactly this label: SPKI or PKCS#8, not PKCS#1 or encrypted keys. */
export function pemToDer(pem: string, label: PemLabel): Uint8Array {
  const match = /^-----BEGIN ([A-Z ]+)-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1-----\r?\n?$/.exec(pem.trim() + '\n');
  if (!match || match[1] !== label) throw new CryptoError('INVALID_KEY', `expected a PEM "${label}" block`);
  try {
    return fromBase64(match[2]!.replace(/\r?\n/g, ''));
  } catch (cause) {
    throw new CryptoError('INVALID_KEY', `bad base64 in PEM "${label}" block`, { cause });
  }
}

export function derToPem(der: Uint8Array, label: PemLabel): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function checkGenerateBits(bits: number): void {
  if (!Number.isInteger(bits) || bits < RSA_MIN_BITS || bits > RSA_MAX_BITS || bits % 8 !== 0) {
    throw new CryptoError('INVALID_INPUT', `RSA key size must be a multiple of 8 in [${RSA_MIN_BITS}, ${RSA_MAX_BITS}]`);
  }
}

export function checkKeyBits(bits: number | undefined): number {
  if (bits === undefined || bits < RSA_MIN_BITS) {
    throw new CryptoError('INVALID_KEY', `RSA key below ${RSA_MIN_BITS} bits`);
  }
  return bits;
}

/** OAEP with SHA-256 carries at most k - 2·32 - 2 bytes. */
export function checkOaepPlaintext(bits: number, data: Uint8Array): void {
  const max = Math.ceil(bits / 8) - 66;
  if (data.length > max) throw new CryptoError('INVALID_INPUT', `RSA-OAEP plaintext over ${max} bytes`);
}

export function checkOaepCiphertext(bits: number, ciphertext: Uint8Array): void {
  if (ciphertext.length !== Math.ceil(bits / 8)) throw new CryptoError('MALFORMED', 'RSA ciphertext length ≠ modulus length');
}
