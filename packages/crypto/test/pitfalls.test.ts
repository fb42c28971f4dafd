import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { sm2 as lib, sm4 as libSm4 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/codec';
import { fixedPoint } from '../src/sm2';
import { ascii, expectCryptoError, flipBit, impls, loadVectors, node, sm2PrivatePem, sm2PublicPem } from './helpers';

// Each test shows a trap in a dependency and that our API does not fall into it. If a library
// changes behaviour the first half fails, which is the cue to revisit the guard.

const key = Uint8Array.from({ length: 16 }, (_, i) => i);
const iv = Uint8Array.from({ length: 12 }, (_, i) => 100 + i);
const aad = ascii('POST /pmobile/login');
const plaintext = ascii('{"password":"secret"}');

describe('sm-crypto-v2 SM2 signatures skip Z and SM3 unless hash: true', () => {
  const t = loadVectors().sm2_sign[0]!;

  it('only hash: true (with the default user ID) reproduces GB/T 32918.5 Annex A', () => {
    const rs = (hash: boolean) =>
      lib.doSignature(ascii(t.msg_ascii), t.d, { hash, der: false, pointPool: fixedPoint(BigInt('0x' + t.k)) });
    expect(rs(true)).toBe(t.r + t.s);
    expect(rs(false)).not.toBe(t.r + t.s);
  });

  it.each(impls)('$name: only the hash: true form verifies; the library DER is accepted', async ({ api }) => {
    const keys = await api.sm2GenerateKeyPair();
    const msg = ascii('alice|random|randomClient|1');
    const raw = fromHex(lib.doSignature(msg, keys.privateKey, { der: true }));
    const proper = fromHex(lib.doSignature(msg, keys.privateKey, { der: true, hash: true }));
    expect(await api.sm2Verify(keys.publicKey, msg, raw)).toBe(false);
    expect(await api.sm2Verify(keys.publicKey, msg, proper)).toBe(true);
    const ours = await api.sm2Sign(keys.privateKey, msg);
    expect(lib.doVerifySignature(msg, toHex(ours), keys.publicKey, { der: true })).toBe(false);
    expect(lib.doVerifySignature(msg, toHex(ours), keys.publicKey, { der: true, hash: true })).toBe(true);
  });
});

describe('sm-crypto-v2 SM4-GCM', () => {
  const encrypt = (k: Uint8Array, options: { iv?: Uint8Array } = { iv }) =>
    libSm4.encrypt(plaintext, k, { mode: 'gcm', associatedData: aad, output: 'array', outputTag: true, ...options });

  it('decrypts without authentication when the tag is omitted', async () => {
    const { output, tag } = encrypt(key);
    const forged = flipBit(output, 0);
    const released = libSm4.decrypt(forged, key, { mode: 'gcm', iv, associatedData: aad, output: 'array' });
    expect(released.length).toBe(plaintext.length);
    for (const { api } of impls) {
      await expectCryptoError(api.sm4GcmDecrypt(key, iv, forged, tag!, aad), 'AUTH_FAILED');
      await expectCryptoError(api.sm4GcmDecrypt(key, iv, output, new Uint8Array(0), aad), 'INVALID_INPUT');
    }
  });

  it('silently uses an all-zero IV when none is given', async () => {
    expect(encrypt(key, {})).toEqual(encrypt(key, { iv: new Uint8Array(16) }));
    for (const { api } of impls) {
      const [a, b] = [await api.seal('SM4', key, plaintext, aad), await api.seal('SM4', key, plaintext, aad)];
      expect(toHex(a.subarray(0, 12))).not.toBe(toHex(b.subarray(0, 12)));
    }
  });

  it('does not check the key length (a 32-byte key is cut to 16)', async () => {
    const long = new Uint8Array([...key, ...key]);
    expect(encrypt(long)).toEqual(encrypt(key));
    for (const { api } of impls) await expectCryptoError(api.sm4GcmEncrypt(long, iv, plaintext, aad), 'INVALID_KEY');
  });
});

describe('sm-crypto-v2 SM2 decryption reports failure as an empty result', () => {
  it.each(impls)('$name: ours throws where the library returns []', async ({ api }) => {
    const keys = await api.sm2GenerateKeyPair();
    const ciphertext = await api.sm2Encrypt(keys.publicKey, plaintext);
    const tampered = flipBit(ciphertext, ciphertext.length - 1);
    const result = lib.doDecrypt(toHex(tampered), keys.privateKey, 1, { asn1: true, output: 'array' });
    expect(Array.from(result)).toEqual([]);
    await expectCryptoError(api.sm2Decrypt(keys.privateKey, tampered), 'AUTH_FAILED');
  });
});

describe('SM2 ciphertext layouts: C1C3C2 vs C1C2C3, ASN.1 vs raw', () => {
  it.each(impls)('$name: interoperates with the library in ASN.1 C1C3C2 mode only', async ({ api }) => {
    const keys = await api.sm2GenerateKeyPair();
    const ours = toHex(await api.sm2Encrypt(keys.publicKey, plaintext));
    expect(lib.doDecrypt(ours, keys.privateKey, 1, { asn1: true, output: 'array' })).toEqual(plaintext);
    expect(Array.from(lib.doDecrypt(ours, keys.privateKey, 0, { asn1: true, output: 'array' }))).toEqual([]);

    const libAsn1 = lib.doEncrypt(plaintext, keys.publicKey, 1, { asn1: true });
    expect(await api.sm2Decrypt(keys.privateKey, fromHex(libAsn1))).toEqual(plaintext);
    for (const mode of [0, 1]) {
      const raw = lib.doEncrypt(plaintext, keys.publicKey, mode); // X‖Y‖C3‖C2 hex, no 04, no DER
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, fromHex(raw)), 'MALFORMED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, fromHex('04' + raw)), 'MALFORMED');
    }
  });
});

describe('node:crypto (OpenSSL 3.0) signs SM2 with an empty user ID', () => {
  it('its signatures and ours do not verify across; ours carry 1234567812345678', async () => {
    const keys = await node.sm2GenerateKeyPair();
    const publicKey = createPublicKey(sm2PublicPem(keys.publicKey));
    const privateKey = createPrivateKey(sm2PrivatePem(keys.privateKey, keys.publicKey));
    const msg = ascii('alice|r|rc|1');
    const ours = await node.sm2Sign(keys.privateKey, msg);
    expect(verify(null, msg, publicKey, ours)).toBe(false);
    const theirs = sign(null, msg, privateKey);
    expect(verify(null, msg, publicKey, theirs)).toBe(true);
    expect(await node.sm2Verify(keys.publicKey, msg, theirs)).toBe(false);
  });
});

describe('node:crypto GCM accepted truncated tags unless authTagLength was set (before Node 26)', () => {
  it('a 4-byte tag may pass raw node:crypto but never our API', async () => {
    const k = new Uint8Array(32);
    const cipher = createCipheriv('aes-256-gcm', k, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const tag4 = cipher.getAuthTag().subarray(0, 4);
    let raw: Buffer | Error;
    try {
      const decipher = createDecipheriv('aes-256-gcm', k, iv).setAuthTag(tag4);
      raw = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch (e) {
      raw = e as Error;
    }
    // Node 26 refuses the short tag itself; earlier lines open the message with it.
    if (raw instanceof Error) expect(raw.message).toBe('Invalid authentication tag length: 4');
    else expect(raw).toEqual(Buffer.from(plaintext));
    for (const { api } of impls) await expectCryptoError(api.aesGcmDecrypt(k, iv, ciphertext, tag4, new Uint8Array(0)), 'INVALID_INPUT');
  });
});
