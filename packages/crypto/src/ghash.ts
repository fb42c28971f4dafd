// GHASH (NIST SP 800-38D §6.4) for SM4-GCM on Node, where OpenSSL 3.0 has SM4-CTR but no
// SM4-GCM. Shoup's method with 8-bit tables: a block is 4 big-endian 32-bit words, bit 0 of the
// block (MSB of byte 0) is the x⁰ coefficient, so multiplying by x is a right shift. A block
// multiply is 16 steps of "shift by 8, reduce, XOR in H·byte" instead of the 32 nibble steps of
// 4-bit tables.
//
// Timing: like every table-driven GHASH in JS this is not constant-time. The table and REM8
// indices are secret-dependent bytes (state ⊕ block, and the low byte of the running product),
// so cache timing can leak; the 4-bit version had the same property with a smaller table. There
// are no branches on secret bits: table construction uses a mask for the reduction, and the
// multiply is straight-line code whose control flow depends only on public lengths.

/**
 * x^128 = x^7 + x^2 + x + 1, i.e. R = 0xE1 followed by zeros. REM8[r] reduces the 8 bits that a
 * shift by 8 pushes out of the low word: bit k of r (value 2^k) was x^(127-k) and becomes
 * x^(135-k) = x^128·x^(7-k) ≡ R·x^(7-k), i.e. R shifted right by 7-k. It only touches word 0.
 */
const REM8 = Uint32Array.from({ length: 256 }, (_, r) => {
  let rem = 0;
  for (let k = 0; k < 8; k++) rem ^= -((r >>> k) & 1) & (0xe1000000 >>> (7 - k));
  return rem;
});

/** Number of 32-bit words in a table from ghashTable (4 KiB). */
export const GHASH_TABLE_WORDS = 1024;

/**
 * The key-dependent table: table[4b..4b+3] = H·b, where byte b sits in the first byte of a block
 * (its MSB is the x⁰ coefficient). It is as secret as H itself. Written into `table` when given
 * (GHASH_TABLE_WORDS long; every word is overwritten).
 */
export function ghashTable(h: Uint8Array, table: Uint32Array = new Uint32Array(GHASH_TABLE_WORDS)): Uint32Array {
  table[0] = table[1] = table[2] = table[3] = 0;
  let v0 = (h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!;
  let v1 = (h[4]! << 24) | (h[5]! << 16) | (h[6]! << 8) | h[7]!;
  let v2 = (h[8]! << 24) | (h[9]! << 16) | (h[10]! << 8) | h[11]!;
  let v3 = (h[12]! << 24) | (h[13]! << 16) | (h[14]! << 8) | h[15]!;
  // Single bits: 0x80 is x⁰, so H·0x80 = H and each halving multiplies by x.
  for (let n = 0x80; n >= 1; n >>>= 1) {
    table[4 * n] = v0;
    table[4 * n + 1] = v1;
    table[4 * n + 2] = v2;
    table[4 * n + 3] = v3;
    const reduce = -(v3 & 1) & 0xe1000000; // mask, not a branch on a bit of H
    v3 = (v3 >>> 1) | (v2 << 31);
    v2 = (v2 >>> 1) | (v1 << 31);
    v1 = (v1 >>> 1) | (v0 << 31);
    v0 = (v0 >>> 1) ^ reduce;
  }
  // Multiplication by H is linear: H·(n ⊕ m) = H·n ⊕ H·m.
  for (let n = 2; n < 256; n <<= 1) {
    for (let m = 1; m < n; m++) {
      for (let w = 0; w < 4; w++) table[4 * (n + m) + w] = table[4 * n + w]! ^ table[4 * m + w]!;
    }
  }
  return table;
}

/**
 * GHASH_H(A ‖ pad ‖ C ‖ pad ‖ [len A]₆₄ ‖ [len C]₆₄), lengths in bits, written into
 * out[at..at+16). `table` is ghashTable(H); `tail` is 16 bytes of scratch (the zero-padded last
 * block and the length block), wiped before returning.
 */
export function ghash(table: Uint32Array, aad: Uint8Array, ciphertext: Uint8Array, out: Uint8Array, at = 0, tail = new Uint8Array(16)): Uint8Array {
  // The running state X_i as four big-endian words, kept in locals across both inputs.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let part = 0; part < 3; part++) {
    let data: Uint8Array;
    if (part === 0) data = aad;
    else if (part === 1) data = ciphertext;
    else {
      data = tail.fill(0);
      setLengthBits(data, 0, aad.length);
      setLengthBits(data, 8, ciphertext.length);
    }
    const length = data.length;
    for (let offset = 0; offset < length; offset += 16) {
      let b = data;
      let i = offset;
      if (length - offset < 16) {
        b = tail.fill(0);
        b.set(data.subarray(offset));
        i = 0;
      }
      // X ⊕ block, then (X ⊕ block)·H by Horner's rule over bytes from byte 15 (x^120..x^127)
      // down to byte 0, each step multiplying the accumulator by x^8.
      const x0 = s0 ^ ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
      const x1 = s1 ^ ((b[i + 4]! << 24) | (b[i + 5]! << 16) | (b[i + 6]! << 8) | b[i + 7]!);
      const x2 = s2 ^ ((b[i + 8]! << 24) | (b[i + 9]! << 16) | (b[i + 10]! << 8) | b[i + 11]!);
      const x3 = s3 ^ ((b[i + 12]! << 24) | (b[i + 13]! << 16) | (b[i + 14]! << 8) | b[i + 15]!);
      let t = (x3 << 2) & 0x3fc;
      let z0 = table[t]!;
      let z1 = table[t + 1]!;
      let z2 = table[t + 2]!;
      let z3 = table[t + 3]!;
      // Unrolled: 15 × (z·x^8 with reduction, then z ⊕= H·next byte).
      let r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x3 >>> 6) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x3 >>> 14) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x3 >>> 22) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x2 << 2) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x2 >>> 6) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x2 >>> 14) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x2 >>> 22) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x1 << 2) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x1 >>> 6) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x1 >>> 14) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x1 >>> 22) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x0 << 2) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x0 >>> 6) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x0 >>> 14) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      r = z3 & 0xff; z3 = (z3 >>> 8) | (z2 << 24); z2 = (z2 >>> 8) | (z1 << 24); z1 = (z1 >>> 8) | (z0 << 24); z0 = (z0 >>> 8) ^ REM8[r]!;
      t = (x0 >>> 22) & 0x3fc; z0 ^= table[t]!; z1 ^= table[t + 1]!; z2 ^= table[t + 2]!; z3 ^= table[t + 3]!;
      s0 = z0;
      s1 = z1;
      s2 = z2;
      s3 = z3;
    }
  }
  tail.fill(0);
  setWord(out, at, s0);
  setWord(out, at + 4, s1);
  setWord(out, at + 8, s2);
  setWord(out, at + 12, s3);
  return out;
}

/** [8·bytes]₆₄ big-endian at out[at..at+8); bytes < 2^53 / 8 always holds for a Uint8Array. */
function setLengthBits(out: Uint8Array, at: number, bytes: number): void {
  setWord(out, at, Math.floor(bytes / 0x20000000));
  setWord(out, at + 4, (bytes * 8) >>> 0);
}

function setWord(out: Uint8Array, at: number, word: number): void {
  out[at] = word >>> 24;
  out[at + 1] = word >>> 16;
  out[at + 2] = word >>> 8;
  out[at + 3] = word;
}
