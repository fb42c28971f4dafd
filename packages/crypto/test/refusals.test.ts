import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBase64, toHex } from '../src/codec';
import { decodeSm2Ciphertext, encodeSm2Ciphertext, encodeSm2Signature } from '../src/der';
import { SM2_N } from '../src/sm2';
import type { KeyPair, SymType } from '../src/types';
import { ascii, expectCryptoError, flipBit, impls } from './helpers';

const AAD = ascii('POST /pmobile/customer/account/queryAccountInfo');
const PLAINTEXT = ascii('{"account":"6222020000000000000"}');

describe.each(impls)('refusals: $name implementation', ({ api }) => {
  describe.each(['SM4', 'AES'] as const)('%s-GCM seal/open', (sym: SymType) => {
    let key: Uint8Array;
    let message: Uint8Array;
    beforeAll(async () => {
      key = api.generateSessionKey(sym);
      message = await api.seal(sym, key, PLAINTEXT, AAD);
    });

    it('opens the untouched message', async () => {
      expect(await api.open(sym, key, message, AAD)).toEqual(PLAINTEXT);
    });
    it('a tampered tag', () => expectCryptoError(api.open(sym, key, flipBit(message, message.length - 1), AAD), 'AUTH_FAILED'));
    it('a tampered ciphertext', () => expectCryptoError(api.open(sym, key, flipBit(message, 12), AAD), 'AUTH_FAILED'));
    it('a tampered IV', () => expectCryptoError(api.open(sym, key, flipBit(message, 0), AAD), 'AUTH_FAILED'));
    it('a truncated message', () => expectCryptoError(api.open(sym, key, message.subarray(0, -1), AAD), 'AUTH_FAILED'));
    it('a message shorter than IV + tag', async () => {
      await expectCryptoError(api.open(sym, key, message.subarray(0, 27), AAD), 'MALFORMED');
      await expectCryptoError(api.open(sym, key, new Uint8Array(0), AAD), 'MALFORMED');
    });
    it('the wrong key', () => expectCryptoError(api.open(sym, key.map((b) => b ^ 0xff), message, AAD), 'AUTH_FAILED'));
    it('the wrong AAD (another path, or a reflected response)', async () => {
      await expectCryptoError(api.open(sym, key, message, ascii('POST /pmobile/customer/account/other')), 'AUTH_FAILED');
      await expectCryptoError(api.open(sym, key, message, new Uint8Array([...AAD, ...ascii(' response')])), 'AUTH_FAILED');
    });
    it('a key of the wrong length', async () => {
      const other = sym === 'SM4' ? 32 : 16;
      await expectCryptoError(api.seal(sym, new Uint8Array(other), PLAINTEXT, AAD), 'INVALID_KEY');
      await expectCryptoError(api.open(sym, new Uint8Array(other), message, AAD), 'INVALID_KEY');
      await expectCryptoError(api.seal(sym, new Uint8Array(0), PLAINTEXT, AAD), 'INVALID_KEY');
    });
    it('an IV or tag of the wrong length at the lower level', async () => {
      const [enc, dec] = sym === 'SM4' ? [api.sm4GcmEncrypt, api.sm4GcmDecrypt] : [api.aesGcmEncrypt, api.aesGcmDecrypt];
      await expectCryptoError(enc(key, new Uint8Array(16), PLAINTEXT, AAD), 'INVALID_INPUT');
      await expectCryptoError(enc(key, new Uint8Array(0), PLAINTEXT, AAD), 'INVALID_INPUT');
      const { ciphertext, tag } = await enc(key, new Uint8Array(12), PLAINTEXT, AAD);
      await expectCryptoError(dec(key, new Uint8Array(12), ciphertext, tag.subarray(0, 12), AAD), 'INVALID_INPUT');
      await expectCryptoError(dec(key, new Uint8Array(12), ciphertext, new Uint8Array(0), AAD), 'INVALID_INPUT');
    });
    it('a fresh IV for every message', async () => {
      const again = await api.seal(sym, key, PLAINTEXT, AAD);
      expect(toHex(again.subarray(0, 12))).not.toBe(toHex(message.subarray(0, 12)));
      expect(again.subarray(0, 12).some((b) => b !== 0)).toBe(true);
    });
  });

  it('an unknown symmetric or asymmetric type', async () => {
    await expectCryptoError(api.seal('DES' as SymType, new Uint8Array(16), PLAINTEXT, AAD), 'UNSUPPORTED');
    await expectCryptoError(api.digest('MD5' as SymType, PLAINTEXT), 'UNSUPPORTED');
    await expectCryptoError(api.asymEncrypt('ECC' as 'SM2', '04', PLAINTEXT), 'UNSUPPORTED');
  });

  it('an empty MAC key (WebCrypto cannot do it, so neither side accepts it)', async () => {
    await expectCryptoError(api.hmacSm3(new Uint8Array(0), PLAINTEXT), 'INVALID_KEY');
    await expectCryptoError(api.mac('AES', new Uint8Array(0), PLAINTEXT), 'INVALID_KEY');
  });

  it('an SM4 block of the wrong size', async () => {
    await expectCryptoError(api.sm4EncryptBlock(new Uint8Array(16), new Uint8Array(32)), 'INVALID_INPUT');
    await expectCryptoError(api.sm4EncryptBlock(new Uint8Array(15), new Uint8Array(16)), 'INVALID_KEY');
  });

  describe('SM2', () => {
    let keys: KeyPair;
    let ciphertext: Uint8Array;
    let signature: Uint8Array;
    beforeAll(async () => {
      keys = await api.sm2GenerateKeyPair();
      ciphertext = await api.sm2Encrypt(keys.publicKey, PLAINTEXT);
      signature = await api.sm2Sign(keys.privateKey, PLAINTEXT);
    });

    it('key pair format', () => {
      expect(keys.privateKey).toMatch(/^[0-9a-f]{64}$/);
      expect(keys.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    });
    it('bad DER ciphertexts', async () => {
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, new Uint8Array(0)), 'MALFORMED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, ciphertext.subarray(0, -1)), 'MALFORMED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, new Uint8Array([...ciphertext, 0])), 'MALFORMED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, ascii('not DER at all')), 'MALFORMED');
      // Raw C1‖C3‖C2 (the non-ASN.1 form) is not accepted in place of DER.
      const c = decodeSm2Ciphertext(ciphertext);
      const raw = Uint8Array.from(Buffer.from('04' + c.x.toString(16).padStart(64, '0') + c.y.toString(16).padStart(64, '0') + toHex(c.hash) + toHex(c.ciphertext), 'hex'));
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, raw), 'MALFORMED');
      // C3 must be 32 bytes; C1 must be on the curve.
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, encodeSm2Ciphertext({ ...c, hash: c.hash.subarray(1) })), 'MALFORMED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, encodeSm2Ciphertext({ ...c, y: c.y ^ 1n })), 'MALFORMED');
    });
    it('tampered C3 or C2, or the wrong private key', async () => {
      const c = decodeSm2Ciphertext(ciphertext);
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, encodeSm2Ciphertext({ ...c, hash: flipBit(c.hash, 0) })), 'AUTH_FAILED');
      await expectCryptoError(api.sm2Decrypt(keys.privateKey, encodeSm2Ciphertext({ ...c, ciphertext: flipBit(c.ciphertext, 3) })), 'AUTH_FAILED');
      const other = await api.sm2GenerateKeyPair();
      await expectCryptoError(api.sm2Decrypt(other.privateKey, ciphertext), 'AUTH_FAILED');
    });
    it('invalid keys', async () => {
      const offCurve = keys.publicKey.slice(0, -1) + (keys.publicKey.endsWith('0') ? '1' : '0');
      await expectCryptoError(api.sm2Encrypt(offCurve, PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.sm2Encrypt(keys.publicKey.slice(2), PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.sm2Verify(offCurve, PLAINTEXT, signature), 'INVALID_KEY');
      await expectCryptoError(api.sm2Decrypt('00'.repeat(32), ciphertext), 'INVALID_KEY');
      await expectCryptoError(api.sm2Sign((SM2_N - 1n).toString(16), PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.sm2Sign(keys.privateKey.slice(1), PLAINTEXT), 'INVALID_KEY');
    });
    it('signatures that must not verify', async () => {
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, signature)).toBe(true);
      expect(await api.sm2Verify(keys.publicKey, flipBit(PLAINTEXT, 0), signature)).toBe(false);
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, flipBit(signature, signature.length - 1))).toBe(false);
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, signature.subarray(0, -1))).toBe(false);
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, new Uint8Array(0))).toBe(false);
      const other = await api.sm2GenerateKeyPair();
      expect(await api.sm2Verify(other.publicKey, PLAINTEXT, signature)).toBe(false);
      // (r, s + n) and (r, 0) are out of range.
      const r = BigInt('0x' + toHex(signature.subarray(4, 4 + signature[3]!)));
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, encodeSm2Signature(r, 0n))).toBe(false);
      expect(await api.sm2Verify(keys.publicKey, PLAINTEXT, encodeSm2Signature(r, SM2_N + 1n))).toBe(false);
    });
  });

  describe('session-key envelope', () => {
    let sm2: KeyPair;
    beforeAll(async () => {
      sm2 = await api.sm2GenerateKeyPair();
    });

    it('garbage rev', async () => {
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, 'not base64!'), 'INVALID_INPUT');
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, ''), 'MALFORMED');
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, toBase64(ascii('garbage garbage'))), 'MALFORMED');
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, 'MA=='), 'MALFORMED');
    });
    it('a rev whose key does not fit the session type', async () => {
      const rev16 = await api.encryptSessionKey('SM2', sm2.publicKey, api.generateSessionKey('SM4'));
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, rev16, 'AES'), 'INVALID_KEY');
      expect((await api.decryptSessionKey('SM2', sm2.privateKey, rev16)).length).toBe(16);
      const rev5 = await api.asymEncrypt('SM2', sm2.publicKey, new Uint8Array(5));
      await expectCryptoError(api.decryptSessionKey('SM2', sm2.privateKey, rev5), 'INVALID_KEY');
      await expectCryptoError(api.encryptSessionKey('SM2', sm2.publicKey, new Uint8Array(24)), 'INVALID_KEY');
    });
  });

  describe('RSA', () => {
    const small = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    let keys: KeyPair;
    beforeAll(async () => {
      keys = await api.rsaGenerateKeyPair(3072);
    }, 60_000);

    it('keys below 3072 bits', async () => {
      await expectCryptoError(api.rsaGenerateKeyPair(2048), 'INVALID_INPUT');
      await expectCryptoError(api.rsaOaepEncrypt(small.publicKey, PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.rsaOaepDecrypt(small.privateKey, new Uint8Array(256)), 'INVALID_KEY');
    });
    it('keys in the wrong form', async () => {
      const pkcs1 = createPublicKey(keys.publicKey).export({ type: 'pkcs1', format: 'pem' }) as string;
      await expectCryptoError(api.rsaOaepEncrypt(pkcs1, PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.rsaOaepEncrypt(keys.privateKey, PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.rsaOaepDecrypt(keys.publicKey, new Uint8Array(384)), 'INVALID_KEY');
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
      await expectCryptoError(api.rsaOaepEncrypt(ec, PLAINTEXT), 'INVALID_KEY');
      await expectCryptoError(api.rsaOaepEncrypt('-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----\n', PLAINTEXT), 'INVALID_KEY');
    });
    it('plaintext over the OAEP limit, tampered or misframed ciphertext', async () => {
      expect((await api.rsaOaepEncrypt(keys.publicKey, new Uint8Array(318))).length).toBe(384);
      await expectCryptoError(api.rsaOaepEncrypt(keys.publicKey, new Uint8Array(319)), 'INVALID_INPUT');
      const ciphertext = await api.rsaOaepEncrypt(keys.publicKey, PLAINTEXT);
      await expectCryptoError(api.rsaOaepDecrypt(keys.privateKey, flipBit(ciphertext, 100)), 'AUTH_FAILED');
      await expectCryptoError(api.rsaOaepDecrypt(keys.privateKey, ciphertext.subarray(1)), 'MALFORMED');
      await expectCryptoError(api.decryptSessionKey('RSA', keys.privateKey, toBase64(flipBit(ciphertext, 5))), 'AUTH_FAILED');
    });
  });
});
