import { sm2 as lib } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { toHex } from '../src/codec';
import { decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext } from '../src/der';
import { parsePublicKey } from '../src/sm2';
import { sm2E, sm2Za } from '../src/sm2-node';
import { ascii, impls, loadVectors } from './helpers';

const v = loadVectors();
const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

describe.each(impls)('standard vectors: $name implementation', ({ api, sm2 }) => {
  it.each(v.sm3)('SM3 (GB/T 32905) "$msg_ascii"', async ({ msg_ascii, digest }) => {
    expect(toHex(await api.sm3(ascii(msg_ascii)))).toBe(digest);
  });

  // The JS block cipher re-expands the key per call: a million calls take a few seconds.
  it.each(v.sm4)('SM4 (GB/T 32907) ×$iterations', { timeout: 120_000 }, async ({ key, plaintext, ciphertext, iterations }) => {
    const k = hex(key);
    let block: Uint8Array = hex(plaintext);
    for (let i = 0; i < iterations; i++) block = await api.sm4EncryptBlock(k, block);
    expect(toHex(block)).toBe(ciphertext);
  });

  it.each(v.sm4_gcm)('SM4-GCM (RFC 8998)', async (t) => {
    const { ciphertext, tag } = await api.sm4GcmEncrypt(hex(t.key), hex(t.iv), hex(t.plaintext), hex(t.aad));
    expect(toHex(ciphertext)).toBe(t.ciphertext);
    expect(toHex(tag)).toBe(t.tag);
    const plaintext = await api.sm4GcmDecrypt(hex(t.key), hex(t.iv), hex(t.ciphertext), hex(t.tag), hex(t.aad));
    expect(toHex(plaintext)).toBe(t.plaintext);
  });

  it.each(v.aes_gcm)('AES-256-GCM (McGrew & Viega test case 16)', async (t) => {
    const { ciphertext, tag } = await api.aesGcmEncrypt(hex(t.key), hex(t.iv), hex(t.plaintext), hex(t.aad));
    expect(toHex(ciphertext)).toBe(t.ciphertext);
    expect(toHex(tag)).toBe(t.tag);
    const plaintext = await api.aesGcmDecrypt(hex(t.key), hex(t.iv), hex(t.ciphertext), hex(t.tag), hex(t.aad));
    expect(toHex(plaintext)).toBe(t.plaintext);
  });

  it.each(v.sm2_sign)('SM2 signature (GB/T 32918.5 Annex A) with k fixed', async (t) => {
    const signature = sm2.sign(t.d, ascii(t.msg_ascii), BigInt('0x' + t.k));
    const { r, s } = decodeSm2Signature(signature);
    expect(r.toString(16).padStart(64, '0')).toBe(t.r);
    expect(s.toString(16).padStart(64, '0')).toBe(t.s);
    expect(await api.sm2Verify(t.pub, ascii(t.msg_ascii), signature)).toBe(true);
    expect(await api.sm2Verify(t.pub, ascii(t.msg_ascii + '.'), signature)).toBe(false);
  });

  it.each(v.sm2_encrypt)('SM2 encryption (GB/T 32918.5 Annex C) with k fixed', async (t) => {
    const pub = v.sm2_sign.find((s) => s.d === t.d)!.pub;
    const c = decodeSm2Ciphertext(sm2.encrypt(pub, ascii(t.msg_ascii), BigInt('0x' + t.k)));
    expect('04' + c.x.toString(16).padStart(64, '0') + c.y.toString(16).padStart(64, '0')).toBe(t.c1);
    expect(toHex(c.hash)).toBe(t.c3);
    expect(toHex(c.ciphertext)).toBe(t.c2);

    const der = encodeSm2Ciphertext({
      x: BigInt('0x' + t.c1.slice(2, 66)),
      y: BigInt('0x' + t.c1.slice(66)),
      hash: hex(t.c3),
      ciphertext: hex(t.c2),
    });
    expect(new TextDecoder().decode(await api.sm2Decrypt(t.d, der))).toBe(t.msg_ascii);
  });
});

describe('SM2 Z and e (GB/T 32918.5 Annex A intermediate values)', () => {
  it.each(v.sm2_sign)('node:crypto SM3 and sm-crypto-v2 agree with the standard', (t) => {
    expect(t.user_id_ascii).toBe('1234567812345678');
    const pub = parsePublicKey(t.pub);
    expect(toHex(sm2Za(pub, t.user_id_ascii))).toBe(t.za);
    expect(toHex(sm2E(pub, ascii(t.msg_ascii)))).toBe(t.e);
    expect(toHex(lib.getZ(t.pub, t.user_id_ascii))).toBe(t.za);
  });
});
