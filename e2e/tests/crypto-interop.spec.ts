import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { build } from 'esbuild';
import type * as Der from '../../packages/crypto/src/der';
import { portalCrypto as node } from '../../packages/crypto/src/node';
import type { Sm2Engine } from '../../packages/crypto/src/sm2';
import type { CryptoError } from '../../packages/crypto/src/errors';
import type { KeyPair, PortalCrypto, SymType } from '../../packages/crypto/src/types';
import { loadVectors, type Vectors } from '../../packages/crypto/test/standard-vectors';

// @portal/crypto's browser implementation running in Chromium (real WebCrypto, no Node
// polyfills) against the standard vectors and against the Node implementation, both ways.
// Self-contained: the bundle is built here and injected into a blank page; no web server.

const here = path.dirname(fileURLToPath(import.meta.url));
const cryptoSrc = path.resolve(here, '..', '..', 'packages', 'crypto', 'src');

// The public browser API plus the fixed-k SM2 engine and DER helpers the vectors need.
const ENTRY = `
import { CryptoError, portalCrypto } from './browser';
import { jsSm2 } from './sm2';
import { decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext } from './der';
globalThis.PortalCrypto = { ...portalCrypto, CryptoError, jsSm2, decodeSm2Ciphertext, decodeSm2Signature, encodeSm2Ciphertext };
`;
type Bundle = PortalCrypto & { CryptoError: typeof CryptoError; jsSm2: Sm2Engine } & Pick<
    typeof Der,
    'decodeSm2Ciphertext' | 'decodeSm2Signature' | 'encodeSm2Ciphertext'
  >;
type PageGlobal = {
  PortalCrypto: Bundle;
  pageKeys: { sm2: KeyPair; rsa: KeyPair };
  isSecureContext: boolean;
  navigator: { userAgent: string };
};

/** Inputs travel as base64 strings; the page turns them back into bytes. */
type NodeMade =
  | { kind: 'open'; sym: SymType; key: string; aad: string; message: string }
  | { kind: 'sm2Decrypt'; ciphertext: string }
  | { kind: 'sm2Verify'; publicKey: string; message: string; signature: string }
  | { kind: 'rsaDecrypt'; ciphertext: string }
  | { kind: 'rev'; asym: 'SM2' | 'RSA'; sym: SymType; rev: string };

type PageMade =
  | { kind: 'seal'; sym: SymType; key: string; aad: string; plaintext: string; message: string }
  | { kind: 'sm2Encrypt'; plaintext: string; ciphertext: string }
  | { kind: 'sm2Sign'; publicKey: string; message: string; signature: string }
  | { kind: 'rsaEncrypt'; plaintext: string; ciphertext: string }
  | { kind: 'rev'; asym: 'SM2' | 'RSA'; sym: SymType; key: string; rev: string };

const SEALS_PER_TYPE = 40;
const SM2_CASES = 30;
const RSA_CASES = 10;
const b64 = (bytes: Uint8Array) => node.toBase64(bytes);
const symTypes: SymType[] = ['SM4', 'AES'];
/** Sizes 0..4096, edges first. */
const sizeAt = (i: number) => [0, 1, 15, 16, 17, 4096][i] ?? Math.floor(Math.random() * 4097);

let bundle: string;

test.beforeAll(async () => {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: cryptoSrc, loader: 'ts', sourcefile: 'page-entry.ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]!.text;
});

// page.setContent alone leaves the page on about:blank, which is not a secure context: Chromium
// then has no crypto.subtle. A routed https origin is one, and needs no server.
const ORIGIN = 'https://crypto-interop.test/';

async function openPage(page: Page): Promise<void> {
  await page.route(ORIGIN, (route) => route.fulfill({ contentType: 'text/html', body: '<html></html>' }));
  await page.goto(ORIGIN);
  await page.addScriptTag({ content: bundle });
}

test('outside a secure context the WebCrypto-backed calls refuse with UNSUPPORTED', async ({ page }) => {
  await page.setContent('<html></html>');
  await page.addScriptTag({ content: bundle });
  const result = await page.evaluate(async () => {
    const { PortalCrypto: P, isSecureContext } = globalThis as unknown as PageGlobal;
    const sm4 = P.generateSessionKey('SM4');
    const sealed = await P.seal('SM4', sm4, P.utf8Encode('still works'), new Uint8Array(0));
    const code = await P.seal('AES', P.generateSessionKey('AES'), new Uint8Array(1), new Uint8Array(0)).then(
      () => 'sealed',
      (e: unknown) => (e instanceof P.CryptoError ? e.code : String(e)),
    );
    return { secure: isSecureContext, sm4: P.utf8Decode(await P.open('SM4', sm4, sealed, new Uint8Array(0))), code };
  });
  expect(result).toEqual({ secure: false, sm4: 'still works', code: 'UNSUPPORTED' });
});

test('the browser implementation reproduces every standard vector in Chromium', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page);
  const vectors = loadVectors();

  const got = await page.evaluate(async (v) => {
    const { PortalCrypto: P, navigator } = globalThis as unknown as PageGlobal;
    const hex = P.fromHex;
    const ascii = P.utf8Encode;
    const pad = (n: bigint) => n.toString(16).padStart(64, '0');
    const sm4: string[] = [];
    for (const t of v.sm4) {
      const key = hex(t.key);
      let block = hex(t.plaintext);
      for (let i = 0; i < t.iterations; i++) block = await P.sm4EncryptBlock(key, block);
      sm4.push(P.toHex(block));
    }
    const gcm = async (
      t: Vectors['aes_gcm'][number],
      enc: typeof P.aesGcmEncrypt,
      dec: typeof P.aesGcmDecrypt,
    ) => {
      const out = await enc(hex(t.key), hex(t.iv), hex(t.plaintext), hex(t.aad));
      const back = await dec(hex(t.key), hex(t.iv), out.ciphertext, out.tag, hex(t.aad));
      return { ciphertext: P.toHex(out.ciphertext), tag: P.toHex(out.tag), plaintext: P.toHex(back) };
    };
    return {
      userAgent: navigator.userAgent,
      hasSubtle: typeof crypto.subtle?.encrypt === 'function',
      sm3: await Promise.all(v.sm3.map(async (t) => P.toHex(await P.sm3(ascii(t.msg_ascii))))),
      sm4,
      sm4Gcm: await Promise.all(v.sm4_gcm.map((t) => gcm(t, P.sm4GcmEncrypt, P.sm4GcmDecrypt))),
      aesGcm: await Promise.all(v.aes_gcm.map((t) => gcm(t, P.aesGcmEncrypt, P.aesGcmDecrypt))),
      sm2Sign: await Promise.all(
        v.sm2_sign.map(async (t) => {
          const signature = P.jsSm2.sign(t.d, ascii(t.msg_ascii), BigInt('0x' + t.k));
          const { r, s } = P.decodeSm2Signature(signature);
          return { r: pad(r), s: pad(s), verified: await P.sm2Verify(t.pub, ascii(t.msg_ascii), signature) };
        }),
      ),
      sm2Encrypt: await Promise.all(
        v.sm2_encrypt.map(async (t) => {
          const pub = v.sm2_sign.find((s) => s.d === t.d)!.pub;
          const c = P.decodeSm2Ciphertext(P.jsSm2.encrypt(pub, ascii(t.msg_ascii), BigInt('0x' + t.k)));
          const der = P.encodeSm2Ciphertext({
            x: BigInt('0x' + t.c1.slice(2, 66)),
            y: BigInt('0x' + t.c1.slice(66)),
            hash: hex(t.c3),
            ciphertext: hex(t.c2),
          });
          return {
            c1: '04' + pad(c.x) + pad(c.y),
            c3: P.toHex(c.hash),
            c2: P.toHex(c.ciphertext),
            decrypted: P.utf8Decode(await P.sm2Decrypt(t.d, der)),
          };
        }),
      ),
    };
  }, vectors);

  expect(got.userAgent).toMatch(/Chrome\//);
  expect(got.hasSubtle).toBe(true);
  expect(got.sm3).toEqual(vectors.sm3.map((t) => t.digest));
  expect(got.sm4).toEqual(vectors.sm4.map((t) => t.ciphertext));
  for (const [ours, theirs] of [
    [got.sm4Gcm, vectors.sm4_gcm],
    [got.aesGcm, vectors.aes_gcm],
  ] as const) {
    expect(ours).toEqual(theirs.map((t) => ({ ciphertext: t.ciphertext, tag: t.tag, plaintext: t.plaintext })));
  }
  expect(got.sm2Sign).toEqual(vectors.sm2_sign.map((t) => ({ r: t.r, s: t.s, verified: true })));
  expect(got.sm2Encrypt).toEqual(
    vectors.sm2_encrypt.map((t) => ({ c1: t.c1, c3: t.c3, c2: t.c2, decrypted: t.msg_ascii })),
  );
});

test('Node makes, Chromium opens and verifies', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page);
  const pageKeys = await page.evaluate(async () => {
    const g = globalThis as unknown as PageGlobal;
    g.pageKeys = { sm2: await g.PortalCrypto.sm2GenerateKeyPair(), rsa: await g.PortalCrypto.rsaGenerateKeyPair() };
    return { sm2: g.pageKeys.sm2.publicKey, rsa: g.pageKeys.rsa.publicKey };
  });
  const signer = await node.sm2GenerateKeyPair();

  const cases: NodeMade[] = [];
  const expected: string[] = [];
  for (const sym of symTypes) {
    for (let i = 0; i < SEALS_PER_TYPE; i++) {
      const key = node.generateSessionKey(sym);
      const plaintext = node.randomBytes(sizeAt(i));
      const aad = node.utf8Encode(`POST /api/case/${i}`);
      cases.push({ kind: 'open', sym, key: b64(key), aad: b64(aad), message: b64(await node.seal(sym, key, plaintext, aad)) });
      expected.push(b64(plaintext));
    }
  }
  for (let i = 0; i < SM2_CASES; i++) {
    const plaintext = node.randomBytes(sizeAt(i) % 1025);
    cases.push({ kind: 'sm2Decrypt', ciphertext: b64(await node.sm2Encrypt(pageKeys.sm2, plaintext)) });
    expected.push(b64(plaintext));
    const message = node.randomBytes(sizeAt(i));
    const signature = await node.sm2Sign(signer.privateKey, message);
    cases.push({ kind: 'sm2Verify', publicKey: signer.publicKey, message: b64(message), signature: b64(signature) });
    expected.push('true');
  }
  for (let i = 0; i < RSA_CASES; i++) {
    const plaintext = node.randomBytes(sizeAt(i) % 319);
    cases.push({ kind: 'rsaDecrypt', ciphertext: b64(await node.rsaOaepEncrypt(pageKeys.rsa, plaintext)) });
    expected.push(b64(plaintext));
  }
  for (const asym of ['SM2', 'RSA'] as const) {
    for (const sym of symTypes) {
      const key = node.generateSessionKey(sym);
      cases.push({ kind: 'rev', asym, sym, rev: await node.encryptSessionKey(asym, asym === 'SM2' ? pageKeys.sm2 : pageKeys.rsa, key) });
      expected.push(b64(key));
    }
  }

  const results = await page.evaluate(async (list) => {
    const { PortalCrypto: P, pageKeys: keys } = globalThis as unknown as PageGlobal;
    const bytes = P.fromBase64;
    const out: string[] = [];
    for (const c of list) {
      switch (c.kind) {
        case 'open':
          out.push(P.toBase64(await P.open(c.sym, bytes(c.key), bytes(c.message), bytes(c.aad))));
          break;
        case 'sm2Decrypt':
          out.push(P.toBase64(await P.sm2Decrypt(keys.sm2.privateKey, bytes(c.ciphertext))));
          break;
        case 'sm2Verify':
          out.push(String(await P.sm2Verify(c.publicKey, bytes(c.message), bytes(c.signature))));
          break;
        case 'rsaDecrypt':
          out.push(P.toBase64(await P.rsaOaepDecrypt(keys.rsa.privateKey, bytes(c.ciphertext))));
          break;
        case 'rev': {
          const privateKey = c.asym === 'SM2' ? keys.sm2.privateKey : keys.rsa.privateKey;
          out.push(P.toBase64(await P.decryptSessionKey(c.asym, privateKey, c.rev, c.sym)));
          break;
        }
      }
    }
    return out;
  }, cases);

  expect(cases.length).toBeGreaterThanOrEqual(150);
  expect(results).toEqual(expected);
});

test('Chromium makes, Node opens and verifies', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page);
  const nodeSm2 = await node.sm2GenerateKeyPair();
  const nodeRsa = await node.rsaGenerateKeyPair();

  const made = await page.evaluate(
    async ({ keys, counts }) => {
      const P = (globalThis as unknown as PageGlobal).PortalCrypto;
      const b64 = P.toBase64;
      const size = (i: number, max: number) => ([0, 1, 15, 16, 17, 4096][i] ?? Math.floor(Math.random() * 4097)) % (max + 1);
      const signer = await P.sm2GenerateKeyPair();
      const out: PageMade[] = [];
      for (const sym of ['SM4', 'AES'] as const) {
        for (let i = 0; i < counts.seals; i++) {
          const key = P.generateSessionKey(sym);
          const plaintext = P.randomBytes(size(i, 4096));
          const aad = P.utf8Encode(`GET /api/case/${i} response`);
          const message = await P.seal(sym, key, plaintext, aad);
          out.push({ kind: 'seal', sym, key: b64(key), aad: b64(aad), plaintext: b64(plaintext), message: b64(message) });
        }
      }
      for (let i = 0; i < counts.sm2; i++) {
        const plaintext = P.randomBytes(size(i, 1024));
        out.push({ kind: 'sm2Encrypt', plaintext: b64(plaintext), ciphertext: b64(await P.sm2Encrypt(keys.sm2, plaintext)) });
        const message = P.randomBytes(size(i, 4096));
        const signature = await P.sm2Sign(signer.privateKey, message);
        out.push({ kind: 'sm2Sign', publicKey: signer.publicKey, message: b64(message), signature: b64(signature) });
      }
      for (let i = 0; i < counts.rsa; i++) {
        const plaintext = P.randomBytes(size(i, 318));
        out.push({ kind: 'rsaEncrypt', plaintext: b64(plaintext), ciphertext: b64(await P.rsaOaepEncrypt(keys.rsa, plaintext)) });
      }
      for (const asym of ['SM2', 'RSA'] as const) {
        for (const sym of ['SM4', 'AES'] as const) {
          const key = P.generateSessionKey(sym);
          out.push({ kind: 'rev', asym, sym, key: b64(key), rev: await P.encryptSessionKey(asym, asym === 'SM2' ? keys.sm2 : keys.rsa, key) });
        }
      }
      return out;
    },
    { keys: { sm2: nodeSm2.publicKey, rsa: nodeRsa.publicKey }, counts: { seals: SEALS_PER_TYPE, sm2: SM2_CASES, rsa: RSA_CASES } },
  );

  const bytes = node.fromBase64;
  for (const c of made) {
    switch (c.kind) {
      case 'seal':
        expect(b64(await node.open(c.sym, bytes(c.key), bytes(c.message), bytes(c.aad)))).toBe(c.plaintext);
        break;
      case 'sm2Encrypt':
        expect(b64(await node.sm2Decrypt(nodeSm2.privateKey, bytes(c.ciphertext)))).toBe(c.plaintext);
        break;
      case 'sm2Sign':
        expect(await node.sm2Verify(c.publicKey, bytes(c.message), bytes(c.signature))).toBe(true);
        break;
      case 'rsaEncrypt':
        expect(b64(await node.rsaOaepDecrypt(nodeRsa.privateKey, bytes(c.ciphertext)))).toBe(c.plaintext);
        break;
      case 'rev': {
        const privateKey = c.asym === 'SM2' ? nodeSm2.privateKey : nodeRsa.privateKey;
        expect(b64(await node.decryptSessionKey(c.asym, privateKey, c.rev, c.sym))).toBe(c.key);
        break;
      }
    }
  }
  expect(made.length).toBeGreaterThanOrEqual(150);
});

test('Chromium refuses tampered, truncated and misdirected messages from Node', async ({ page }) => {
  await openPage(page);
  const cases = [];
  for (const sym of symTypes) {
    const key = node.generateSessionKey(sym);
    const aad = node.utf8Encode('POST /pmobile/customer/account/queryAccountInfo');
    const message = await node.seal(sym, key, node.utf8Encode('{"ok":true}'), aad);
    const flipped = Uint8Array.from(message);
    flipped[flipped.length - 1]! ^= 1;
    const wrongAad = node.utf8Encode('POST /pmobile/customer/account/queryAccountInfo response');
    cases.push(
      { sym, key: b64(key), aad: b64(aad), message: b64(flipped), code: 'AUTH_FAILED' },
      { sym, key: b64(key), aad: b64(aad), message: b64(message.subarray(0, 27)), code: 'MALFORMED' },
      { sym, key: b64(key), aad: b64(wrongAad), message: b64(message), code: 'AUTH_FAILED' },
      { sym, key: b64(key.subarray(1)), aad: b64(aad), message: b64(message), code: 'INVALID_KEY' },
    );
  }
  const codes = await page.evaluate(async (list) => {
    const P = (globalThis as unknown as PageGlobal).PortalCrypto;
    const out: string[] = [];
    for (const c of list) {
      try {
        await P.open(c.sym, P.fromBase64(c.key), P.fromBase64(c.message), P.fromBase64(c.aad));
        out.push('opened');
      } catch (e) {
        out.push(e instanceof P.CryptoError ? e.code : String(e));
      }
    }
    return out;
  }, cases);
  expect(codes).toEqual(cases.map((c) => c.code));
});
