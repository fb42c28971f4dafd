import { sm2 as lib } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { toHex } from '../src/codec';
import { decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext } from '../src/der';
import {
  SM2_KNOWN_ENCRYPTION,
  SM2_KNOWN_SIGNATURE,
  SM4_GCM_KNOWN,
  engineChoice,
  sm2EngineWorks,
  sm2Engines,
  sm4GcmEngineWorks,
  sm4GcmEngines,
} from '../src/node-engines';
import { parsePublicKey, type Sm2Engine } from '../src/sm2';
import { sm2E, sm2Za } from '../src/sm2-node';
import type { PortalCrypto } from '../src/types';
import { ascii, expectCryptoError, flipBit, impls, loadVectors, sm2Variants, sm4GcmVariants } from './helpers';

const v = loadVectors();
const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

function sm4GcmVectors(api: PortalCrypto) {
  it.each(v.sm4_gcm)('SM4-GCM (RFC 8998)', async (t) => {
    const { ciphertext, tag } = await api.sm4GcmEncrypt(hex(t.key), hex(t.iv), hex(t.plaintext), hex(t.aad));
    expect(toHex(ciphertext)).toBe(t.ciphertext);
    expect(toHex(tag)).toBe(t.tag);
    const plaintext = await api.sm4GcmDecrypt(hex(t.key), hex(t.iv), hex(t.ciphertext), hex(t.tag), hex(t.aad));
    expect(toHex(plaintext)).toBe(t.plaintext);
  });
}

function sm2Vectors(api: PortalCrypto, sm2: Sm2Engine) {
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
}

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

  sm4GcmVectors(api);

  it.each(v.aes_gcm)('AES-256-GCM (McGrew & Viega test case 16)', async (t) => {
    const { ciphertext, tag } = await api.aesGcmEncrypt(hex(t.key), hex(t.iv), hex(t.plaintext), hex(t.aad));
    expect(toHex(ciphertext)).toBe(t.ciphertext);
    expect(toHex(tag)).toBe(t.tag);
    const plaintext = await api.aesGcmDecrypt(hex(t.key), hex(t.iv), hex(t.ciphertext), hex(t.tag), hex(t.aad));
    expect(toHex(plaintext)).toBe(t.plaintext);
  });

  sm2Vectors(api, sm2);
});

// The engines that depend on the Node line, each run explicitly: the native one where this line
// has it (the start-up check decides; otherwise the block is skipped) and the project's own.
describe.each(sm2Variants)('standard vectors: Node SM2 engine $name', ({ name, available, api, engine }) => {
  it('is the one chosen at start-up exactly when it is the native engine and works', () => {
    expect(engineChoice.sm2 === name).toBe(name === 'openssl' ? available : !sm2EngineWorks(sm2Engines.openssl));
  });
  describe.skipIf(!available)(name, () => {
    sm2Vectors(api, engine);
    it('refuses a ciphertext with a flipped C3 bit', async () => {
      const { privateKey, publicKey } = await api.sm2GenerateKeyPair();
      const ciphertext = await api.sm2Encrypt(publicKey, ascii('session key'));
      expect(new TextDecoder().decode(await api.sm2Decrypt(privateKey, ciphertext))).toBe('session key');
      const c = decodeSm2Ciphertext(ciphertext);
      await expectCryptoError(api.sm2Decrypt(privateKey, encodeSm2Ciphertext({ ...c, hash: flipBit(c.hash, 3) })), 'AUTH_FAILED');
    });
  });
});

describe.each(sm4GcmVariants)('standard vectors: Node SM4-GCM engine $name', ({ name, available, api }) => {
  it('is the one chosen at start-up exactly when it is the native engine and works', () => {
    expect(engineChoice.sm4Gcm === name).toBe(name === 'openssl' ? available : !sm4GcmEngineWorks(sm4GcmEngines.openssl));
  });
  describe.skipIf(!available)(name, () => {
    sm4GcmVectors(api);
    it('refuses a flipped tag bit', async () => {
      const t = v.sm4_gcm[0]!;
      await expectCryptoError(api.sm4GcmDecrypt(hex(t.key), hex(t.iv), hex(t.ciphertext), flipBit(hex(t.tag), 0), hex(t.aad)), 'AUTH_FAILED');
    });
  });
});

describe('start-up known answers', () => {
  it('are the standard vectors of the JSON file', () => {
    const sign = v.sm2_sign[0]!;
    const enc = v.sm2_encrypt[0]!;
    const gcm = v.sm4_gcm[0]!;
    expect(SM2_KNOWN_SIGNATURE).toEqual({ message: sign.msg_ascii, k: sign.k, r: sign.r, s: sign.s });
    expect(SM2_KNOWN_ENCRYPTION).toEqual({ message: enc.msg_ascii, c1: enc.c1, c3: enc.c3, c2: enc.c2 });
    expect(enc.d).toBe(sign.d);
    expect(SM4_GCM_KNOWN).toEqual({ key: gcm.key, iv: gcm.iv, aad: gcm.aad, plaintext: gcm.plaintext, ciphertext: gcm.ciphertext, tag: gcm.tag });
  });

  it('refuse an engine that answers wrongly or throws', () => {
    const wrong = { ...sm2Engines.js, decrypt: () => new Uint8Array(19) };
    const throwing = { ...sm4GcmEngines.composed, encrypt: () => { throw new Error('unsupported'); } };
    // Right on the vector, but it also "opens" it under a forged tag.
    const unauthenticated = { ...sm4GcmEngines.composed, decrypt: () => hex(SM4_GCM_KNOWN.plaintext) };
    expect(sm2EngineWorks(sm2Engines.js)).toBe(true);
    expect(sm2EngineWorks(wrong)).toBe(false);
    expect(sm4GcmEngineWorks(sm4GcmEngines.composed)).toBe(true);
    expect(sm4GcmEngineWorks(throwing)).toBe(false);
    expect(sm4GcmEngineWorks(unauthenticated)).toBe(false);
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
