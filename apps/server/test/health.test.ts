import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA, loginClient } from './helpers/login-client';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('GET /monitor/system/health', () => {
  let app: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    app = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    const client = await loginClient(app);
    staff = await client.token('admin', 'Admin1234');
    customer = await client.token('demo', 'Demo1234');
  });
  afterAll(() => app.close());

  const health = (token?: string) =>
    app.inject({ method: 'GET', url: '/pmobile/monitor/system/health', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('tells an anonymous caller up or down and nothing more', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returnCode: '000000', returnMsg: '成功', data: { status: 'UP' } });
  });

  it('tells a customer session, or a token that is no session, no more than anyone', async () => {
    expect((await health(customer)).json().data).toEqual({ status: 'UP' });
    expect((await health('not-a-session')).json().data).toEqual({ status: 'UP' });
  });

  it('reports the database, the shared store, the version and the uptime to bank staff', async () => {
    const res = await health(staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.returnCode).toBe('000000');
    expect(body.data).toMatchObject({
      status: 'UP',
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      database: { status: 'UP', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      kv: { status: 'UP', kind: process.env.REDIS_URL ? 'redis' : 'memory' },
    });
  });
});
