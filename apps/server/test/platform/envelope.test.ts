import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portalCrypto as c } from '@portal/crypto/node';
import { OPERATIONS, RETURN_CODES, operationPath } from '@portal/shared';
import { openssl, sm2PublicPem } from '../../../../packages/crypto/test/helpers';
import { generateServerKey } from '../../src/platform/server-keys';
import { ok } from '../../src/plugins/errors';
import { connectEnvelope } from '../helpers/envelope-client';
import { API_HEADERS, createTestApp, type TestApp } from '../helpers/test-app';
import { serveTestOperations, testOperation } from '../helpers/test-operations';

const SECURE = '/pmobile/test/secure/echo';
const OTHER = '/pmobile/test/secure/other';
const QUERY = '/pmobile/test/secure/query';
const ARA = '/pmobile/test/ara/echo';
const PLAIN = '/pmobile/test/plain/echo';

/** Echo operations of the test's own, in the catalogue as the envelope expects. */
async function withEchoRoutes(app: TestApp) {
  const body = z.object({ accountNo: z.string().min(1, '账号不能为空！'), amount: z.string() });
  const echo = async ({ input }: { input: unknown }) => ({ echoed: input });
  const post = (id: string, path: string, flags: { encrypt?: boolean; antiReplay?: boolean }) =>
    testOperation({ id, path, method: 'POST', audience: ['public'], request: body, response: z.object({ echoed: body }), ...flags });
  // The response schema decides what leaves, sealed or not: one answer with a field the
  // schema does not list, one that breaks it.
  const account = z.object({ accountNo: z.string() });
  const answering = (id: string, path: string) => testOperation({ id, path, method: 'POST', audience: ['public'], encrypt: true, response: account });
  await serveTestOperations(app, [
    [post('T1', '/test/secure/echo', { encrypt: true }), echo],
    [post('T2', '/test/secure/other', { encrypt: true }), echo],
    [post('T4', '/test/ara/echo', { encrypt: true, antiReplay: true }), echo],
    [post('T9', '/test/plain/echo', {}), echo],
    [
      testOperation({
        id: 'T3',
        path: '/test/secure/query',
        method: 'GET',
        audience: ['public'],
        encrypt: true,
        request: z.object({ page: z.coerce.number().int().min(1) }),
        response: z.object({ page: z.number() }),
      }),
      async ({ input }) => ({ page: (input as { page: number }).page }),
    ],
    [answering('T5', '/test/secure/filtered'), async () => ({ accountNo: '6222021234567890123', passwordHash: 'never-leaves' })],
    [answering('T6', '/test/secure/broken'), async () => ({ accountNo: 42 })],
    // A ready-made string skips serialization, and with it the sealing.
    [
      answering('T8', '/test/secure/raw'),
      async ({ reply }) => reply.type('application/json').send(JSON.stringify(ok({ accountNo: '6222021234567890123' }))),
    ],
  ]);
}

const refusal = (entry: { code: string; message: string }) => ({ returnCode: entry.code, returnMsg: entry.message, data: null });

describe('crypto envelope (default SM2 + SM4)', () => {
  let app: TestApp;
  let client: Awaited<ReturnType<typeof connectEnvelope>>;
  const payload = { accountNo: '6222021234567890123', amount: '1000000.00' };

  beforeAll(async () => {
    app = await createTestApp();
    await withEchoRoutes(app);
    client = await connectEnvelope(app);
  });
  afterAll(() => app.close());

  it('publishes the SM2 key and the negotiated types', () => {
    expect(client.negotiated).toMatchObject({ appAsymmetricEncryptionType: 'SM2', appSymmetricEncryptionType: 'SM4' });
    expect(client.negotiated.appAsymmetricEncryptionPublicKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it('lists every operation with its flags, the password calls encrypted', async () => {
    const list = (await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: API_HEADERS })).json().data as {
      path: string;
      isEncrypt: number;
      status: number;
    }[];
    const byPath = new Map(list.map((a) => [a.path, a]));
    expect(byPath.get('/admin/login/token')?.isEncrypt).toBe(1);
    expect(byPath.get('/customer/userPassword/force/update')?.isEncrypt).toBe(1);
    expect(byPath.get('/captcha/picture/createCode')?.isEncrypt).toBe(0);
    for (const op of OPERATIONS) {
      expect(byPath.get(operationPath(op, { customerPrefix: 'customer', gatewayPrefix: 'gateway' })), op.id).toMatchObject({
        isEncrypt: op.defaults.isEncrypt,
        status: 1,
      });
    }
  });

  it('decrypts an encrypted request and encrypts the response data', async () => {
    const { res, json, data } = await client.post(SECURE, payload);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json).toEqual({ returnCode: '000000', returnMsg: '成功', response: expect.any(String) });
    expect(json).not.toHaveProperty('data');
    expect(data).toEqual({ echoed: payload });
  });

  it('answers the seeded encrypted echo, and a rev made by the OpenSSL CLI works', async () => {
    const k = c.generateSessionKey('SM4');
    const der = openssl(
      ['pkeyutl', '-encrypt', '-pubin', '-inkey', 'pub.pem', '-in', 'k', '-out', 'rev'],
      { 'pub.pem': sm2PublicPem(client.negotiated.appAsymmetricEncryptionPublicKey), k },
      'rev',
    );
    const rev = c.toBase64(der);
    const path = '/pmobile/base/app/echo';
    const request = c.toBase64(await c.seal('SM4', k, c.utf8Encode(JSON.stringify({ payload: '托管' })), c.utf8Encode(`POST ${path}`)));
    const res = await app.inject({ method: 'POST', url: path, payload: { request }, headers: { ...API_HEADERS, rev } });
    expect(res.statusCode).toBe(200);
    const plain = await c.open('SM4', k, c.fromBase64(res.json().response), c.utf8Encode(`POST ${path} response`));
    expect(JSON.parse(c.utf8Decode(plain))).toMatchObject({ payload: '托管' });
  });

  it('seals only what the response schema lets out, and a broken answer is a 500 with nothing sealed', async () => {
    const filtered = await client.post('/pmobile/test/secure/filtered', {});
    expect(filtered.res.statusCode).toBe(200);
    expect(filtered.data).toEqual({ accountNo: '6222021234567890123' });

    const broken = await client.post('/pmobile/test/secure/broken', {});
    expect(broken.res.statusCode).toBe(500);
    expect(broken.json.returnCode).toBe(RETURN_CODES.INTERNAL_ERROR.code);
    expect(broken.json.returnMsg).toMatch(new RegExp(`^${RETURN_CODES.INTERNAL_ERROR.message}（请求编号：[0-9a-f-]{36}）$`));
    expect(broken.json).not.toHaveProperty('response');
    expect(broken.res.body).not.toContain('accountNo');
  });

  it('refuses to send a ready-made success in plaintext on an encrypted path', async () => {
    const raw = await client.post('/pmobile/test/secure/raw', {});
    expect(raw.res.statusCode).toBe(500);
    expect(raw.json.returnCode).toBe(RETURN_CODES.INTERNAL_ERROR.code);
    expect(raw.res.body).not.toContain('6222021234567890123');
  });

  it('validates the decrypted body with the route schema', async () => {
    const { res, json } = await client.post(SECURE, { accountNo: '', amount: '1' });
    expect(res.statusCode).toBe(400);
    expect(json).toEqual(refusal({ code: RETURN_CODES.INVALID_PARAMETER.code, message: '账号不能为空！' }));
  });

  it('decrypts an encrypted GET query (base64url)', async () => {
    const sealed = await c.seal(client.sym, client.key, c.utf8Encode(JSON.stringify({ page: 3 })), c.utf8Encode(`GET ${QUERY}`));
    const res = await app.inject({ method: 'GET', url: `${QUERY}?request=${c.toBase64Url(sealed)}`, headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(await client.openResponse('GET', QUERY, res.json().response)).toEqual({ page: 3 });
  });

  it('leaves a sealed answer uncompressed: ciphertext does not compress', async () => {
    const accountNo = '6'.repeat(4000);
    const sealed = await c.seal(client.sym, client.key, c.utf8Encode(JSON.stringify({ accountNo, amount: '1' })), c.utf8Encode(`POST ${SECURE}`));
    const res = await app.inject({ method: 'POST', url: SECURE, payload: { request: c.toBase64(sealed) }, headers: { ...client.headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(await client.openResponse('POST', SECURE, res.json().response)).toEqual({ echoed: { accountNo, amount: '1' } });
  });

  it('refuses an encrypted path without rev', async () => {
    const res = await app.inject({ method: 'POST', url: SECURE, payload: { request: 'x' }, headers: API_HEADERS });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(RETURN_CODES.REV_MISSING));
  });

  it('refuses an undecryptable rev before reading the body', async () => {
    const bogus = c.toBase64(c.randomBytes(120));
    const res = await app.inject({
      method: 'POST',
      url: PLAIN,
      payload: { accountNo: '1', amount: '1' },
      headers: { ...API_HEADERS, rev: bogus },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(RETURN_CODES.REV_INVALID));
    const garbage = await app.inject({ method: 'POST', url: SECURE, payload: {}, headers: { ...API_HEADERS, rev: '!!not base64!!' } });
    expect(garbage.json().returnCode).toBe(RETURN_CODES.REV_INVALID.code);
  });

  it('refuses plaintext on an encrypted path (no fallback)', async () => {
    const res = await app.inject({ method: 'POST', url: SECURE, payload, headers: client.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(RETURN_CODES.PLAINTEXT_REFUSED));
    const mixed = await app.inject({ method: 'POST', url: SECURE, payload: { request: 'x', ...payload }, headers: client.headers });
    expect(mixed.json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
    const query = await app.inject({ method: 'GET', url: `${QUERY}?page=2`, headers: client.headers });
    expect(query.json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
  });

  it('refuses a tampered tag, a truncated message and a wrong key', async () => {
    const sealed = c.fromBase64(await client.seal('POST', SECURE, payload));
    const tampered = sealed.slice();
    tampered[tampered.length - 1]! ^= 0x01;
    const truncated = sealed.slice(0, 20);
    const foreign = await c.seal(client.sym, c.generateSessionKey(client.sym), c.utf8Encode(JSON.stringify(payload)), c.utf8Encode(`POST ${SECURE}`));
    for (const message of [tampered, truncated, foreign]) {
      const res = await app.inject({ method: 'POST', url: SECURE, payload: { request: c.toBase64(message) }, headers: client.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal(RETURN_CODES.DECRYPT_FAILED));
    }
  });

  it('refuses a ciphertext moved to another call', async () => {
    const request = await client.seal('POST', SECURE, payload);
    const res = await app.inject({ method: 'POST', url: OTHER, payload: { request }, headers: client.headers });
    expect(res.json()).toEqual(refusal(RETURN_CODES.DECRYPT_FAILED));
  });

  it('refuses a response reflected back as a request', async () => {
    const { json } = await client.post(SECURE, payload);
    const res = await app.inject({ method: 'POST', url: SECURE, payload: { request: json.response }, headers: client.headers });
    expect(res.json()).toEqual(refusal(RETURN_CODES.DECRYPT_FAILED));
  });

  it('refuses an oversize body with 413 before any decryption', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SECURE,
      payload: JSON.stringify({ request: 'A'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json', ...client.headers },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().returnCode).toBe(RETURN_CODES.PAYLOAD_TOO_LARGE.code);
  });

  it('refuses a missing or wrong appid and a wrong BL header', async () => {
    const noAppId = await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: { bl: '1' } });
    expect(noAppId.statusCode).toBe(400);
    expect(noAppId.json()).toEqual(refusal(RETURN_CODES.APPID_INVALID));
    const wrongAppId = await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: { appid: 'other', bl: '1' } });
    expect(wrongAppId.json().returnCode).toBe(RETURN_CODES.APPID_INVALID.code);
    const noBl = await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: { appid: 'zctgdzhwy' } });
    expect(noBl.json()).toEqual(refusal(RETURN_CODES.BL_HEADER_INVALID));
  });

  it('leaves the health route to load balancers without headers', async () => {
    expect((await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' })).statusCode).toBe(200);
  });

  describe('anti-replay', () => {
    it('accepts a correctly signed request once and refuses its replay', async () => {
      const sealed = await client.seal('POST', ARA, payload);
      const body = JSON.stringify({ request: sealed });
      const signed = await client.replayHeaders('POST', ARA, body);
      const send = () =>
        app.inject({ method: 'POST', url: ARA, payload: body, headers: { 'content-type': 'application/json', ...client.headers, ...signed } });
      const first = await send();
      expect(first.statusCode).toBe(200);
      expect(await client.openResponse('POST', ARA, first.json().response)).toEqual({ echoed: payload });
      const replay = await send();
      expect(replay.json()).toEqual(refusal(RETURN_CODES.REPLAY_NONCE_USED));
    });

    it('refuses a stale timestamp', async () => {
      const body = JSON.stringify({ request: await client.seal('POST', ARA, payload) });
      const signed = await client.replayHeaders('POST', ARA, body, Date.now() - 6 * 60_000);
      const res = await app.inject({ method: 'POST', url: ARA, payload: body, headers: { 'content-type': 'application/json', ...client.headers, ...signed } });
      expect(res.json()).toEqual(refusal(RETURN_CODES.REPLAY_STALE));
    });

    it('refuses a wrong signature and a body changed after signing, without spending the nonce', async () => {
      const body = JSON.stringify({ request: await client.seal('POST', ARA, payload) });
      const signed = await client.replayHeaders('POST', ARA, body);
      const other = JSON.stringify({ request: await client.seal('POST', ARA, { ...payload, amount: '9999999.00' }) });
      const changed = await app.inject({ method: 'POST', url: ARA, payload: other, headers: { 'content-type': 'application/json', ...client.headers, ...signed } });
      expect(changed.json()).toEqual(refusal(RETURN_CODES.REPLAY_SIGN_INVALID));
      const genuine = await app.inject({ method: 'POST', url: ARA, payload: body, headers: { 'content-type': 'application/json', ...client.headers, ...signed } });
      expect(genuine.statusCode).toBe(200);
    });

    it('refuses missing anti-replay headers', async () => {
      const { json } = await client.post(ARA, payload, {}, { sign: false });
      expect(json).toEqual(refusal(RETURN_CODES.REPLAY_HEADERS_MISSING));
    });
  });
});

describe('crypto envelope with RSA + AES and key rotation', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('negotiates RSA-3072 + AES-256, and an old key still decrypts after a new one is published', { timeout: 120_000 }, async () => {
    app = await createTestApp({ CRYPTO_ASYMMETRIC: 'RSA', CRYPTO_SYMMETRIC: 'AES' });
    await withEchoRoutes(app);
    const before = await connectEnvelope(app);
    expect(before.negotiated.appAsymmetricEncryptionType).toBe('RSA');
    expect(before.negotiated.appAsymmetricEncryptionPublicKey).toContain('BEGIN PUBLIC KEY');
    expect(before.key).toHaveLength(32);
    expect((await before.post(SECURE, { accountNo: '1', amount: '2' })).data).toEqual({ echoed: { accountNo: '1', amount: '2' } });

    // Rotate: a new key in the directory; a fresh app (as after a deploy) publishes it.
    await generateServerKey(app.config.keysDir, 'RSA');
    const files = await fs.readdir(app.config.keysDir);
    expect(files.filter((f) => f.startsWith('rsa-'))).toHaveLength(2);
    const rotated = await createTestApp({ CRYPTO_ASYMMETRIC: 'RSA', CRYPTO_SYMMETRIC: 'AES', DATA_DIR: app.config.dataDir });
    try {
      await withEchoRoutes(rotated);
      const after = await connectEnvelope(rotated);
      expect(after.negotiated.appAsymmetricEncryptionPublicKey).not.toBe(before.negotiated.appAsymmetricEncryptionPublicKey);
      const body = JSON.stringify({ request: await before.seal('POST', SECURE, { accountNo: '3', amount: '4' }) });
      const res = await rotated.inject({ method: 'POST', url: SECURE, payload: body, headers: { 'content-type': 'application/json', ...before.headers } });
      expect(res.statusCode).toBe(200);
      expect(await before.openResponse('POST', SECURE, res.json().response)).toEqual({ echoed: { accountNo: '3', amount: '4' } });
    } finally {
      await rotated.close();
    }
  });
});
