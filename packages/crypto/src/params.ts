import { CryptoError } from './errors';
import type { AsymType, SymType } from './types';

/** docs/wire.md: a fresh 12-byte IV and a 16-byte tag per message. */
export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;
/** SP 800-38D: at most 2^32 - 2 blocks per GCM message. */
export const GCM_MAX_PLAINTEXT = (2 ** 32 - 2) * 16;

const KEY_LENGTH: Record<SymType, number> = { SM4: 16, AES: 32 };

export function symKeyLength(symType: SymType): number {
  const length = (KEY_LENGTH as Partial<Record<string, number>>)[symType];
  if (length === undefined) throw new CryptoError('UNSUPPORTED', `unknown symmetric type ${String(symType)}`);
  return length;
}

export function checkAsymType(asymType: AsymType): void {
  if (asymType !== 'SM2' && asymType !== 'RSA') {
    throw new CryptoError('UNSUPPORTED', `unknown asymmetric type ${String(asymType)}`);
  }
}

export function checkLength(what: string, bytes: Uint8Array, length: number, code: 'INVALID_KEY' | 'INVALID_INPUT'): void {
  if (!(bytes instanceof Uint8Array)) throw new CryptoError('INVALID_INPUT', `${what} must be a Uint8Array`);
  if (bytes.length !== length) throw new CryptoError(code, `${what} must be ${length} bytes, got ${bytes.length}`);
}

export function checkBytes(what: string, bytes: Uint8Array, maxLength = Number.MAX_SAFE_INTEGER): void {
  if (!(bytes instanceof Uint8Array)) throw new CryptoError('INVALID_INPUT', `${what} must be a Uint8Array`);
  if (bytes.length > maxLength) throw new CryptoError('INVALID_INPUT', `${what} over ${maxLength} bytes`);
}

/** WebCrypto refuses empty HMAC keys; Node does not. Both implementations refuse them. */
export function checkMacKey(key: Uint8Array): void {
  checkBytes('MAC key', key);
  if (key.length === 0) throw new CryptoError('INVALID_KEY', 'MAC key must not be empty');
}
