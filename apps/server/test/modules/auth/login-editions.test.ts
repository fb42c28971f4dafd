import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, createTestApp, type TestApp } from '../../helpers/test-app';

const PLUGIN = 'http://localhost:9201';

describe('login editions by host, the edition pages at the root, the plug-in origin', () => {
  let app: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    [app, plain] = await Promise.all([
      createTestApp({ LOGIN_EDITION_HOSTS: 'cert.bank.example=certificate, Sign.Bank.Example=signed', PLUGIN_ORIGINS: PLUGIN, TRUST_PROXY: '10.0.0.1' }),
      createTestApp(),
    ]);
  });
  afterAll(() => Promise.all([app.close(), plain.close()]));

  const editionAt = async (target: TestApp, host: string, headers: Record<string, string> = {}) => {
    const res = await target.inject({ method: 'GET', url: '/pmobile/customer/login/edition', headers: { ...API_HEADERS, host, ...headers } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { edition: string | null } }).data.edition;
  };

  it('answers the edition of the host, whatever its port or case, and null for any other host', async () => {
    expect(await editionAt(app, 'cert.bank.example')).toBe('certificate');
    expect(await editionAt(app, 'CERT.bank.example:8443')).toBe('certificate');
    expect(await editionAt(app, 'sign.bank.example')).toBe('signed');
    expect(await editionAt(app, 'www.bank.example')).toBeNull();
    expect(await editionAt(plain, 'cert.bank.example')).toBeNull();
  });

  it('takes the host a trusted balancer forwards, and only from it', async () => {
    const forwarded = { 'x-forwarded-host': 'cert.bank.example' };
    expect(await editionAt(app, 'internal:8080', { ...forwarded })).toBeNull();
    const res = await app.inject({
      method: 'GET',
      url: '/pmobile/customer/login/edition',
      headers: { ...API_HEADERS, host: 'internal:8080', ...forwarded },
      remoteAddress: '10.0.0.1',
    });
    expect(res.json().data.edition).toBe('certificate');
  });

  it('leads /handleLoginCert and /handleLoginSign at the root into the app, query kept', async () => {
    const cert = await app.inject({ method: 'GET', url: '/handleLoginCert?userNo=U1&redirect=%2Fhome' });
    expect(cert.statusCode).toBe(302);
    expect(cert.headers.location).toBe('/zctgdzhwy/handleLoginCert?userNo=U1&redirect=%2Fhome');
    const sign = await app.inject({ method: 'GET', url: '/handleLoginSign' });
    expect(sign.statusCode).toBe(302);
    expect(sign.headers.location).toBe('/zctgdzhwy/handleLoginSign');
  });

  it('lets the configured plug-in origin call the API from its pages', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/pmobile/admin/login/token',
      headers: { origin: PLUGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'appid, bl, rev, content-type, x-sign' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PLUGIN);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(String(preflight.headers['access-control-allow-headers']).split(', ')).toEqual(expect.arrayContaining(['appid', 'bl', 'rev', 'content-type', 'x-sign', 'authorization']));
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const call = await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: { ...API_HEADERS, origin: PLUGIN } });
    expect(call.headers['access-control-allow-origin']).toBe(PLUGIN);
    expect(call.headers['access-control-expose-headers']).toContain('x-api-version');
    expect(call.headers.vary).toMatch(/origin/i);
  });

  it('allows no other origin, and none at all unless configured', async () => {
    for (const [target, origin] of [
      [app, 'http://evil.example'],
      [app, 'http://localhost:9202'],
      [plain, PLUGIN],
    ] as const) {
      const preflight = await target.inject({
        method: 'OPTIONS',
        url: '/pmobile/admin/login/token',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const call = await target.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: { ...API_HEADERS, origin } });
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
