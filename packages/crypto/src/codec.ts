import { CryptoError } from './errors';

// Pure JS so both implementations decode identically and strictly: a `rev` string is a cache
// key, so two spellings of the same bytes (bad padding, stray bits, whitespace) are refused.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeTable(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const B64_TABLE = decodeTable(B64);
const B64URL_TABLE = decodeTable(B64URL);

function encode64(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : '');
  }
  return out;
}

function decode64(text: string, table: Int8Array, padded: boolean, what: string): Uint8Array {
  let end = text.length;
  if (padded) {
    if (end % 4 !== 0) throw new CryptoError('INVALID_INPUT', `${what}: length is not a multiple of 4`);
    if (text.endsWith('==')) end -= 2;
    else if (text.endsWith('=')) end -= 1;
  }
  if (end % 4 === 1) throw new CryptoError('INVALID_INPUT', `${what}: impossible length`);
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? table[c]! : -1;
    if (v < 0) throw new CryptoError('INVALID_INPUT', `${what}: invalid character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) throw new CryptoError('INVALID_INPUT', `${what}: non-zero trailing bits`);
  return out;
}

export const toBase64 = (bytes: Uint8Array): string => encode64(bytes, B64, true);
export const fromBase64 = (text: string): Uint8Array => decode64(text, B64_TABLE, true, 'base64');
export const toBase64Url = (bytes: Uint8Array): string => encode64(bytes, B64URL, false);
export const fromBase64Url = (text: string): Uint8Array => decode64(text, B64URL_TABLE, false, 'base64url');

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b]!;
  return out;
}

export function fromHex(text: string): Uint8Array {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) {
    throw new CryptoError('INVALID_INPUT', 'hex: expected an even number of hex digits');
  }
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const encoder = new TextEncoder();
// fatal: invalid UTF-8 is an error, not U+FFFD; ignoreBOM: the bytes are returned as they are.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const utf8Encode = (text: string): Uint8Array => encoder.encode(text);

export function utf8Decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    throw new CryptoError('INVALID_INPUT', 'utf8: invalid byte sequence', { cause });
  }
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Comparison whose time does not depend on where the inputs differ. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export const bytesToBigInt = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt('0x' + toHex(bytes)));

export function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const hex = value.toString(16);
  if (value < 0n || hex.length > 2 * length) throw new RangeError('integer does not fit');
  return fromHex(hex.padStart(2 * length, '0'));
}

/** A copy backed by a plain ArrayBuffer, the type WebCrypto's BufferSource accepts. */
export const arrayBufferCopy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);
