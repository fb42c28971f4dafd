import { beforeAll, describe, expect, it } from 'vitest';
import { serverUnderTest } from '../../helpers/server-under-test';

describe('GET /monitor/system/health', () => {
  const { app, asUser } = serverUnderTest();
  beforeAll(async () => {
    await asUser('admin');
    await asUser('demo');
  });

  const health = (token?: string) =>
    app().inject({ method: 'GET', url: '/pmobile/monitor/system/health', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('tells an anonymous caller up or down and nothing more', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returnCode: '000000', returnMsg: '成功', data: { status: 'UP' } });
  });

  it('tells a customer session, or a token that is no session, no more than anyone', async () => {
    expect((await health(await asUser('demo'))).json().data).toEqual({ status: 'UP' });
    expect((await health('not-a-session')).json().data).toEqual({ status: 'UP' });
  });

  it('reports the database, the shared store, the version and the uptime to bank staff', async () => {
    const res = await health(await asUser('admin'));
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
