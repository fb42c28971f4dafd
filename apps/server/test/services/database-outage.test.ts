import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

// Only a database server can go away and come back; PGlite lives and dies with the process.
describe('health against a PostgreSQL server that goes away', () => {
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    app = await createTestApp({ DATABASE_URL: viaProxy.toString() });
  });
  afterAll(async () => {
    await proxy.resume();
    await app.close();
    await proxy.close();
  });

  it('turns 503 while the database is unreachable and recovers without a restart', async () => {
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
});
