import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RETURN_CODES } from '@portal/shared';
import { API_HEADERS, createTestApp, type TestApp } from '../helpers/test-app';
import { serveTestOperations, testOperation } from '../helpers/test-operations';

describe('envelope, errors and bad input', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ BODY_LIMIT: '2048' });
    // Operations of the test's own, to drive the shared parsing, validation and error machinery.
    const body = z.object({ accountName: z.string().min(1, '账户名称不能为空！'), amount: z.number() });
    await serveTestOperations(app, [
      [testOperation({ id: 'TEST_ECHO', path: '/test/echo', method: 'POST', audience: ['public'], request: body, response: body }), async ({ input }) => input],
      [
        testOperation({ id: 'TEST_BOOM', path: '/test/boom', method: 'GET', audience: ['public'] }),
        async () => {
          throw new Error('secret detail: connection string postgres://u:p@db');
        },
      ],
    ]);
  });
  afterAll(() => app.close());

  const echo = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/pmobile/test/echo', payload, headers: { 'content-type': contentType, ...API_HEADERS } });

  it('wraps success as { returnCode, returnMsg, data } with a request id header', async () => {
    const res = await echo(JSON.stringify({ accountName: '托管账户', amount: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returnCode: '000000', returnMsg: '成功', data: { accountName: '托管账户', amount: 1 } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses malformed JSON with 400 and a clear message', async () => {
    const res = await echo('{"accountName": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ returnCode: RETURN_CODES.MALFORMED_BODY.code, returnMsg: '请求报文格式错误，无法解析', data: null });
  });

  it('refuses an empty JSON body', async () => {
    const res = await echo('');
    expect(res.statusCode).toBe(400);
    expect(res.json().returnCode).toBe(RETURN_CODES.MALFORMED_BODY.code);
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await echo('accountName=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().returnMsg).toBe(RETURN_CODES.UNSUPPORTED_MEDIA_TYPE.message);
  });

  it('refuses an oversize body with 413 before parsing it', async () => {
    const res = await echo(JSON.stringify({ accountName: 'x'.repeat(4096), amount: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ returnCode: RETURN_CODES.PAYLOAD_TOO_LARGE.code, returnMsg: '请求报文过大', data: null });
  });

  it("answers a validation failure with 400 and the field's own message", async () => {
    const res = await echo(JSON.stringify({ accountName: '', amount: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ returnCode: RETURN_CODES.INVALID_PARAMETER.code, returnMsg: '账户名称不能为空！', data: null });
  });

  it('phrases zod’s own messages in Chinese', async () => {
    const res = await echo(JSON.stringify({ accountName: 'x', amount: 'abc' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().returnMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ returnCode: RETURN_CODES.NOT_FOUND.code, returnMsg: '请求的接口不存在', data: null });
  });

  it('answers a thrown error with 500, a generic message and the request id, never the detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/test/boom', headers: API_HEADERS });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.returnCode).toBe(RETURN_CODES.INTERNAL_ERROR.code);
    expect(body.returnMsg).toContain(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toContain('at ');
  });

  it('keeps serving after all of the above', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' });
    expect(res.statusCode).toBe(200);
  });

  it('sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // Refusals and unknown routes carry them too.
    const missing = await app.inject({ method: 'GET', url: '/pmobile/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('compresses large responses', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('is generated from the route schemas and browsable', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/pmobile/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/pmobile/monitor/system/health']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/pmobile/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
