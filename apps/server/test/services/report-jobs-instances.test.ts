import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openStores } from '../../src/stores';
import { TEST_CAPTCHA, loginClient } from '../helpers/login-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const P = '/pmobile/customer';

/**
 * 报表中心's job on two instances over one PostgreSQL schema, as behind a balancer: both look for
 * due runs at the same instant, again and again, and each due run is produced exactly once (the
 * lease, taken with FOR UPDATE SKIP LOCKED).
 */
describe('the report job across two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let client: Awaited<ReturnType<typeof loginClient>>;
  let token: string;
  let on: Parameters<typeof loginClient>[0]['inject'];

  beforeAll(async () => {
    a = await createTestApp({ TEST_CAPTCHA, TEST_CLOCK: '1', JOBS_INTERVAL_MS: '0', LOGIN_RATE_LIMIT: '1000' });
    const stores = await openStores(a.config);
    b = await buildApp({ config: a.config, ...stores, now: Date.now });
    b.addHook('onClose', () => stores.close());
    on = (request) => a.inject(request);
    client = await loginClient({ config: a.config, inject: (request) => on(request) });
    token = await client.token('demo', 'Demo1234');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('produces each due subscription once, whichever instances look', async () => {
    const db = a.stores.database.db;
    // The demo's own seeded subscriptions step aside (this schema is the test's).
    await db.updateTable('report_subscriptions').set({ status: 'cancelled' }).where('user_no', '=', 'U100000101').execute();
    const subscribeAt = { 'x-test-clock': '2032-06-15T10:00:00+08:00' };
    const ids: number[] = [];
    for (const [kind, format] of [['instructions', 'xlsx'], ['instructions', 'csv'], ['warnings', 'xlsx'], ['warnings', 'csv']] as const) {
      const { data, json } = await client.call(`${P}/report/subscribe`, { kind, format, frequency: 'daily' }, token, subscribeAt);
      expect(json.returnCode, json.returnMsg).toBe('000000');
      ids.push((data as { id: number }).id);
    }
    // The next morning, both instances look at once, several times over.
    const nextDay = { 'x-test-clock': '2032-06-16T10:00:00+08:00' };
    let turn = 0;
    on = (request) => (turn++ % 2 === 0 ? a : b).inject(request);
    const looks = await Promise.all(Array.from({ length: 6 }, () => client.call(`${P}/message/query`, { limit: 1 }, token, nextDay)));
    expect(looks.map((l) => l.res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

    const produced = await db.selectFrom('generated_reports').select(['subscription_id', 'period_from']).where('subscription_id', 'in', ids).execute();
    expect(produced.map((p) => p.subscription_id).sort()).toEqual([...ids].sort());
    expect(new Set(produced.map((p) => p.period_from))).toEqual(new Set(['2032-06-15']));
    const delivered = await db.selectFrom('notifications').select('title').where('user_no', '=', 'U100000101').where('title', 'like', '%（2032-06-15）已生成').execute();
    expect(delivered).toHaveLength(ids.length);
    const subs = await db.selectFrom('report_subscriptions').select(['next_run_at', 'locked_until', 'last_status']).where('id', 'in', ids).execute();
    for (const s of subs) expect(s).toMatchObject({ next_run_at: new Date('2032-06-16T22:00:00Z'), locked_until: null, last_status: 'ok' });
  });
});
