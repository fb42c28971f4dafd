import { bytesToBigInt, concatBytes, fromHex } from './codec';
import { CryptoError } from './errors';

// Just enough strict DER for the two SM2 structures of GM/T 0009: the parser accepts exactly
// one encoding per value (definite minimal lengths, minimal non-negative INTEGERs, no trailing
// bytes), as OpenSSL does, instead of sm-crypto-v2's lenient hex-string scanner.

const INTEGER = 0x02;
const OCTET_STRING = 0x04;
const SEQUENCE = 0x30;

function tlv(tag: number, value: Uint8Array): Uint8Array {
  const n = value.length;
  let length: Uint8Array;
  if (n < 0x80) length = Uint8Array.of(n);
  else if (n < 0x100) length = Uint8Array.of(0x81, n);
  else if (n < 0x10000) length = Uint8Array.of(0x82, n >> 8, n & 0xff);
  else length = Uint8Array.of(0x83, n >> 16, (n >> 8) & 0xff, n & 0xff);
  return concatBytes(Uint8Array.of(tag), length, value);
}

function integer(value: bigint): Uint8Array {
  let hex = value.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  // A leading 1 bit would read as negative.
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = '00' + hex;
  return tlv(INTEGER, fromHex(hex));
}

const malformed = (what: string): CryptoError => new CryptoError('MALFORMED', `DER: ${what}`);

class DerReader {
  private pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  private byte(): number {
    if (this.pos >= this.end) throw malformed('truncated');
    return this.bytes[this.pos++]!;
  }

  private length(): number {
    const first = this.byte();
    if (first < 0x80) return first;
    const count = first & 0x7f;
    if (count === 0 || count > 3) throw malformed('unsupported length form');
    let n = 0;
    for (let i = 0; i < count; i++) {
      const b = this.byte();
      if (i === 0 && b === 0) throw malformed('non-minimal length');
      n = n * 256 + b;
    }
    if (n < 0x80) throw malformed('non-minimal length');
    return n;
  }

  /** The value bytes of the next element, which must carry `tag`. */
  read(tag: number): { start: number; end: number; value: Uint8Array } {
    if (this.byte() !== tag) throw malformed(`expected tag 0x${tag.toString(16)}`);
    const n = this.length();
    const start = this.pos;
    if (n > this.end - start) throw malformed('length beyond input');
    this.pos = start + n;
    return { start, end: this.pos, value: this.bytes.subarray(start, this.pos) };
  }

  integer(): bigint {
    const { value } = this.read(INTEGER);
    if (value.length === 0) throw malformed('empty INTEGER');
    if (value[0]! & 0x80) throw malformed('negative INTEGER');
    if (value.length > 1 && value[0] === 0 && !(value[1]! & 0x80)) throw malformed('non-minimal INTEGER');
    return bytesToBigInt(value);
  }

  octetString(): Uint8Array {
    return this.read(OCTET_STRING).value;
  }

  /** Reader over the contents of the outer SEQUENCE, which must span the whole input. */
  sequence(): DerReader {
    const { start, end } = this.read(SEQUENCE);
    this.finish();
    return new DerReader(this.bytes, start, end);
  }

  finish(): void {
    if (this.pos !== this.end) throw malformed('trailing bytes');
  }
}

export const encodeSm2Signature = (r: bigint, s: bigint): Uint8Array =>
  tlv(SEQUENCE, concatBytes(integer(r), integer(s)));

export function decodeSm2Signature(der: Uint8Array): { r: bigint; s: bigint } {
  const seq = new DerReader(der).sequence();
  const r = seq.integer();
  const s = seq.integer();
  seq.finish();
  return { r, s };
}

/** C1 = (x, y), C3 = SM3 hash, C2 = masked plaintext, in GM/T 0009 order (C1C3C2). */
export interface Sm2Ciphertext {
  x: bigint;
  y: bigint;
  hash: Uint8Array;
  ciphertext: Uint8Array;
}

export const encodeSm2Ciphertext = (c: Sm2Ciphertext): Uint8Array =>
  tlv(SEQUENCE, concatBytes(integer(c.x), integer(c.y), tlv(OCTET_STRING, c.hash), tlv(OCTET_STRING, c.ciphertext)));

export function decodeSm2Ciphertext(der: Uint8Array): Sm2Ciphertext {
  const seq = new DerReader(der).sequence();
  const x = seq.integer();
  const y = seq.integer();
  const hash = seq.octetString();
  const ciphertext = seq.octetString();
  seq.finish();
  if (hash.length !== 32) throw malformed('SM2 hash must be 32 bytes');
  return { x, y, hash, ciphertext };
}
