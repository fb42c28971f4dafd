import { CryptoError } from './errors';

/** WebCrypto's subtle API; browsers expose it only in secure contexts (https, localhost). */
export function subtle(): typeof globalThis.crypto.subtle {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new CryptoError('UNSUPPORTED', 'WebCrypto is unavailable: the page is not a secure context');
  return api;
}
