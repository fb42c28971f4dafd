import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/** A real server of `url`'s host and port behind a proxy the test can cut; the URL now points at the proxy. */
async function behindProxy(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port));
  const viaProxy = new URL(target);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.toString() };
}

const ACCOUNTS = '/pmobile/customer/account/queryAccountInfo';

/** Logs demo in; answers a read of its session (the account list) and a captcha (a one-time value in the store). */
async function demoSession(app: TestApp) {
  const client = await loginClient(app);
  const token = await client.token('demo', 'Demo1234');
  return { read: async () => (await client.call(ACCOUNTS, { limit: 5 }, token)).res, captcha: () => client.captcha() };
}

// Only a database server can go away and come back; PGlite lives and dies with the process.
describe('a PostgreSQL server that goes away', () => {
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    const viaProxy = await behindProxy(process.env.DATABASE_URL as string);
    proxy = viaProxy.proxy;
    app = await createTestApp({ DATABASE_URL: viaProxy.url, TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await proxy.resume();
    await app.close();
    await proxy.close();
  });

  it('turns health 503 while the database is unreachable and recovers without a restart', async () => {
    const health = () => app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' });
    expect((await health()).statusCode).toBe(200);

    await proxy.cut();
    // Health reuses a probe result for up to a second.
    await expect.poll(async () => (await health()).statusCode, { timeout: 10_000, interval: 250 }).toBe(503);
    const down = await health();
    // Anonymous callers learn only that it is down; the details are for staff sessions.
    expect(down.json()).toEqual({ returnCode: '050003', returnMsg: expect.any(String), data: { status: 'DOWN' } });

    await proxy.resume();
    await expect.poll(async () => (await health()).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
  });

  it('answers a business call 503 with Retry-After during the outage (was a 500), and serves it again within 3 s of the return', async () => {
    const { read } = await demoSession(app);
    expect((await read()).statusCode).toBe(200);

    await proxy.cut();
    const during = await read();
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('3');
    expect(during.json()).toMatchObject({ returnCode: '050003', returnMsg: '服务暂不可用，请稍后再试' });

    await proxy.resume();
    const back = Date.now();
    await expect.poll(async () => (await read()).statusCode, { timeout: 3_000, interval: 100 }).toBe(200);
    expect(Date.now() - back).toBeLessThan(3_000);
  });
});

describe('a Redis server that goes away', () => {
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    const viaProxy = await behindProxy(process.env.REDIS_URL as string);
    proxy = viaProxy.proxy;
    app = await createTestApp({ REDIS_URL: viaProxy.url, TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await proxy.resume();
    await app.close();
    await proxy.close();
  });

  it('keeps the instance ready and live sessions reading; what needs a one-time value answers 503 until Redis returns', async () => {
    const { read, captcha } = await demoSession(app);
    const readiness = () => app.inject({ method: 'GET', url: '/pmobile/monitor/system/readiness' });
    expect((await captcha()).statusCode).toBe(200);
    await proxy.cut();
    // The balancer keeps the instance: the database is there, the store is reported degraded.
    await expect.poll(async () => (await readiness()).json().data, { timeout: 10_000, interval: 250 }).toMatchObject({ status: 'DEGRADED', kv: 'DEGRADED' });
    expect((await readiness()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const refused = await captcha();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');

    await proxy.resume();
    await expect.poll(async () => (await captcha()).statusCode, { timeout: 3_000, interval: 100 }).toBe(200);
  });
});
