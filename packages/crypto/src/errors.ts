/** Why an operation was refused; callers map these to protocol return codes. */
export type CryptoErrorCode =
  /** Key of the wrong length or form, off the curve, or an RSA key below 3072 bits. */
  | 'INVALID_KEY'
  /** Argument of the wrong size or encoding (IV, tag, block, hex, base64, UTF-8, oversize data). */
  | 'INVALID_INPUT'
  /** Algorithm name outside the negotiated set. */
  | 'UNSUPPORTED'
  /** Ciphertext or signature whose structure cannot be parsed (short message, bad DER). */
  | 'MALFORMED'
  /** Integrity check failed: GCM tag, SM2 C3 hash, RSA-OAEP padding. No plaintext is released. */
  | 'AUTH_FAILED';

export class CryptoError extends Error {
  override readonly name = 'CryptoError';

  constructor(
    readonly code: CryptoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
