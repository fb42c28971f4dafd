import { CryptoError } from './errors';
import { plain } from './node-bytes';

// Node's native base64 is several times faster than the shared JS codec on an envelope-sized
// message (it is on the path of every encrypted call), but lenient: it skips foreign characters
// and accepts missing padding and stray trailing bits. Requiring the bytes to encode back to the
// very same text keeps the JS codec's rule exactly: only the canonical spelling is accepted, so
// a `rev` (a cache key) still has one spelling.

const strictDecoder = (encoding: 'base64' | 'base64url') => (text: string): Uint8Array => {
  const bytes = Buffer.from(text, encoding);
  if (bytes.toString(encoding) !== text) throw new CryptoError('INVALID_INPUT', `${encoding}: not a canonical encoding`);
  return plain(bytes);
};

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const nodeBase64 = {
  toBase64: (bytes: Uint8Array): string => bufferOf(bytes).toString('base64'),
  fromBase64: strictDecoder('base64'),
  toBase64Url: (bytes: Uint8Array): string => bufferOf(bytes).toString('base64url'),
  fromBase64Url: strictDecoder('base64url'),
};
