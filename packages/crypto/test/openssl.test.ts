import { beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../src/codec';
import type { KeyPair } from '../src/types';
import { ascii, impls, openssl, opensslStatus, sm2PrivatePem, sm2PublicPem } from './helpers';

// Interoperability with an independent implementation: the OpenSSL 3.0 CLI. A missing or
// unusable /usr/bin/openssl fails these tests; nothing here is skipped.

const DISTID = ['-pkeyopt', 'distid:1234567812345678'];
const OAEP = ['-pkeyopt', 'rsa_padding_mode:oaep', '-pkeyopt', 'rsa_oaep_md:sha256', '-pkeyopt', 'rsa_mgf1_md:sha256'];
const message = ascii('alice|4f3c2a1b0e9d8c7b6a5f4e3d2c1b0a99|0123456789abcdef0123456789abcdef|1');

it('OpenSSL 3 CLI is present', () => {
  expect(new TextDecoder().decode(openssl(['version'], {}))).toMatch(/^OpenSSL 3\./);
});

describe.each(impls)('OpenSSL CLI ↔ $name implementation', ({ api }) => {
  it('SM3 and HMAC-SM3 equal openssl dgst / mac', async () => {
    for (const size of [0, 1, 55, 56, 64, 1000]) {
      const data = api.randomBytes(size);
      expect(openssl(['dgst', '-sm3', '-binary', 'data'], { data })).toEqual(await api.sm3(data));
      const key = api.randomBytes(16);
      const mac = openssl(['mac', '-digest', 'SM3', '-macopt', `hexkey:${toHex(key)}`, '-binary', '-in', 'data', 'HMAC'], { data });
      expect(mac).toEqual(await api.hmacSm3(key, data));
    }
  });

  it('an SM4 block equals openssl enc -sm4-ecb', async () => {
    const key = api.randomBytes(16);
    const block = api.randomBytes(16);
    const theirs = openssl(['enc', '-sm4-ecb', '-K', toHex(key), '-nopad', '-in', 'block'], { block });
    expect(theirs).toEqual(await api.sm4EncryptBlock(key, block));
  });

  describe('SM2', () => {
    let keys: KeyPair;
    let files: Record<string, string>;
    beforeAll(async () => {
      keys = await api.sm2GenerateKeyPair();
      files = { 'pub.pem': sm2PublicPem(keys.publicKey), 'key.pem': sm2PrivatePem(keys.privateKey, keys.publicKey) };
    });

    it('a rev made by openssl pkeyutl -encrypt opens with decryptSessionKey', async () => {
      for (const sym of ['SM4', 'AES'] as const) {
        const k = api.generateSessionKey(sym);
        const ciphertext = openssl(['pkeyutl', '-encrypt', '-pubin', '-inkey', 'pub.pem', '-in', 'k', '-out', 'rev'], { ...files, k }, 'rev');
        const rev = api.toBase64(ciphertext);
        expect(await api.decryptSessionKey('SM2', keys.privateKey, rev, sym)).toEqual(k);
      }
    });

    it('our encryption opens with openssl pkeyutl -decrypt', async () => {
      for (const size of [1, 16, 32, 100, 1000]) {
        const data = api.randomBytes(size);
        const ct = await api.sm2Encrypt(keys.publicKey, data);
        expect(openssl(['pkeyutl', '-decrypt', '-inkey', 'key.pem', '-in', 'ct', '-out', 'pt'], { ...files, ct }, 'pt')).toEqual(data);
      }
    });

    it('our signature verifies with openssl pkeyutl -verify -rawin -digest sm3 and distid, not without', async () => {
      const sig = await api.sm2Sign(keys.privateKey, message);
      const verify = ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-digest', 'sm3', '-in', 'msg', '-sigfile', 'sig'];
      expect(opensslStatus([...verify, ...DISTID], { ...files, msg: message, sig })).toBe(0);
      expect(opensslStatus(verify, { ...files, msg: message, sig })).not.toBe(0);
      const other = ascii('alice|tampered');
      expect(opensslStatus([...verify, ...DISTID], { ...files, msg: other, sig })).not.toBe(0);
    });

    it('an openssl signature with distid verifies with ours', async () => {
      const sig = openssl(
        ['pkeyutl', '-sign', '-inkey', 'key.pem', '-rawin', '-digest', 'sm3', ...DISTID, '-in', 'msg', '-out', 'sig'],
        { ...files, msg: message },
        'sig',
      );
      expect(await api.sm2Verify(keys.publicKey, message, sig)).toBe(true);
      expect(await api.sm2Verify(keys.publicKey, ascii('other'), sig)).toBe(false);
    });
  });

  describe('RSA-OAEP-SHA256', () => {
    let ours: KeyPair;
    let theirs: KeyPair;
    beforeAll(async () => {
      ours = await api.rsaGenerateKeyPair(3072);
      const privateKey = new TextDecoder().decode(openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:3072'], {}));
      const publicKey = new TextDecoder().decode(openssl(['pkey', '-in', 'key.pem', '-pubout'], { 'key.pem': privateKey }));
      theirs = { privateKey, publicKey };
    }, 60_000);

    it.each(['ours', 'theirs'] as const)('openssl encrypts → we decrypt, we encrypt → openssl decrypts (%s key)', async (which) => {
      const pair = which === 'ours' ? ours : theirs;
      const files = { 'pub.pem': pair.publicKey, 'key.pem': pair.privateKey };
      const k = api.generateSessionKey('AES');
      const ct = openssl(['pkeyutl', '-encrypt', '-pubin', '-inkey', 'pub.pem', ...OAEP, '-in', 'k', '-out', 'ct'], { ...files, k }, 'ct');
      expect(await api.decryptSessionKey('RSA', pair.privateKey, api.toBase64(ct), 'AES')).toEqual(k);

      const data = api.utf8Encode(JSON.stringify({ password: 'P@ss 密码', random: api.randomHex(16), randomClient: api.randomHex(16) }));
      const ciphertext = await api.rsaOaepEncrypt(pair.publicKey, data);
      expect(openssl(['pkeyutl', '-decrypt', '-inkey', 'key.pem', ...OAEP, '-in', 'ct', '-out', 'pt'], { ...files, ct: ciphertext }, 'pt')).toEqual(data);
    });

    it('OAEP with SHA-1 MGF1 (a common misconfiguration) does not decrypt', async () => {
      const files = { 'pub.pem': ours.publicKey };
      const sha1Mgf = ['-pkeyopt', 'rsa_padding_mode:oaep', '-pkeyopt', 'rsa_oaep_md:sha256', '-pkeyopt', 'rsa_mgf1_md:sha1'];
      const ct = openssl(['pkeyutl', '-encrypt', '-pubin', '-inkey', 'pub.pem', ...sha1Mgf, '-in', 'k', '-out', 'ct'], { ...files, k: api.randomBytes(32) }, 'ct');
      await expect(api.rsaOaepDecrypt(ours.privateKey, ct)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    });
  });
});
