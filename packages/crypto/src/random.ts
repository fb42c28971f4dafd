import { toHex } from './codec';
import { CryptoError } from './errors';

// getRandomValues refuses more than 65536 bytes per call.
const MAX_CHUNK = 65536;

/** CSPRNG bytes (globalThis.crypto in both Node and the browser), drawn when asked for. */
export function randomBytes(length: number): Uint8Array {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new CryptoError('INVALID_INPUT', `randomBytes: bad length ${length}`);
  }
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += MAX_CHUNK) {
    globalThis.crypto.getRandomValues(out.subarray(i, Math.min(length, i + MAX_CHUNK)));
  }
  return out;
}

export const randomHex = (byteLength: number): string => toHex(randomBytes(byteLength));

// Every sealed message needs a fresh IV, and one CSPRNG call for a pool of them costs about as
// much as a call for one. IVs are public (they travel in front of the ciphertext) and need only
// be unique and unpredictable, so holding the next few hundred in memory gives nothing away;
// keys, scalars and nonces never come from this pool. Each IV is handed out once and wiped.
const IV_POOL = new Uint8Array(4096);
let ivOffset = IV_POOL.length;

/** A fresh GCM IV of `length` bytes (at most 64). */
export function randomIv(length: number): Uint8Array {
  if (!Number.isSafeInteger(length) || length < 0 || length > 64) {
    throw new CryptoError('INVALID_INPUT', `randomIv: bad length ${length}`);
  }
  if (ivOffset + length > IV_POOL.length) {
    globalThis.crypto.getRandomValues(IV_POOL);
    ivOffset = 0;
  }
  const taken = IV_POOL.subarray(ivOffset, (ivOffset += length));
  const iv = taken.slice();
  taken.fill(0);
  return iv;
}
