import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('GET /monitor/system/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('reports the database, the shared store, the version and the uptime', async () => {
    const res = await app.inject({ method: 'GET', url: '/pmobile/monitor/system/health' });
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
