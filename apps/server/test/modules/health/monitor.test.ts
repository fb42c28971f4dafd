import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { instructionsApi, type PayerAccount } from '@portal/shared';
import { NEXT_BUSINESS_DAY } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';

const METRICS_TOKEN = 'scrape-token-0123456789';

describe('what an operator watches: metrics and probes', () => {
  const { app, db, asUser, ok } = serverUnderTest({ METRICS_TOKEN });
  beforeAll(async () => {
    await asUser('demo');
  });

  const get = (path: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url: `/pmobile${path}`, headers });
  const scrape = (token = METRICS_TOKEN) => get('/monitor/metrics', { authorization: `Bearer ${token}` });

  it('liveness answers while the process runs, asking no dependency', async () => {
    const res = await get('/monitor/system/liveness');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'UP' });
  });

  it('readiness names each dependency and is 503 while the database lacks a migration', async () => {
    const ready = await get('/monitor/system/readiness');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'READY', stopping: false, database: 'UP', kv: 'UP' });

    const last = await db().selectFrom('schema_migrations').selectAll().orderBy('version', 'desc').executeTakeFirstOrThrow();
    await db().deleteFrom('schema_migrations').where('version', '=', last.version).execute();
    try {
      // The probe's answer is shared for a second, so load balancers polling fast cost nothing.
      await new Promise((r) => setTimeout(r, 1_100));
      const pending = await get('/monitor/system/readiness');
      expect(pending.statusCode).toBe(503);
      expect(pending.json().data).toEqual({ status: 'NOT_READY', stopping: false, database: 'PENDING_MIGRATIONS', kv: 'UP' });
    } finally {
      await db().insertInto('schema_migrations').values(last).execute();
    }
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await get('/monitor/system/readiness')).statusCode).toBe(200);
  });

  it('metrics are served only to the configured Bearer token; anyone else gets the unknown-route answer', async () => {
    expect((await get('/monitor/metrics')).statusCode).toBe(404);
    expect((await scrape('scrape-token-0123456780')).statusCode).toBe(404);
    expect((await get('/monitor/metrics', { authorization: `Bearer ${await asUser('demo')}` })).statusCode).toBe(404);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('a scrape after a login and an instruction finds every series an operator needs', async () => {
    const { accounts } = await ok<{ accounts: PayerAccount[] }>(instructionsApi.payerAccounts, {}, 'demo');
    await ok(
      instructionsApi.instructionAdd,
      {
        type: '01',
        payerAccountNo: accounts[0]!.accountNo,
        payeeName: '监控验证收款户',
        payeeAccountNo: '6222020000000099',
        payeeBank: '华夏银行北京分行',
        payeeCnaps: '304100040000',
        amount: '1.00',
        // A business day after today's: hours before its cut-off whenever the file runs.
        valueDate: NEXT_BUSINESS_DAY,
        purpose: '监控验证',
      },
      'demo',
    );
    // An envelope refusal: a call without the application id.
    await app().inject({ method: 'POST', url: '/pmobile/customer/instruction/payerAccounts', payload: {} });

    const text = (await scrape()).body;
    const series = (name: string, labels = '') => new RegExp(`^${name}\\{?[^\\n]*${labels}[^\\n]*\\}? [0-9.e+-]+$`, 'm');
    expect(text).toMatch(series('portal_requests_total', 'operation="INSTRUCTION_ADD",outcome="success"'));
    expect(text).toMatch(series('portal_requests_total', 'operation="(ADMIN_)?LOGIN",outcome="success"'));
    expect(text).toMatch(series('portal_request_duration_seconds_bucket', 'operation="INSTRUCTION_ADD"'));
    expect(text).toMatch(series('portal_envelope_refusals_total', 'reason="APPID_INVALID"'));
    expect(text).toMatch(series('portal_logins_total', 'result="success"'));
    expect(text).toMatch(series('portal_sessions_live'));
    expect(text).toMatch(series('portal_event_streams_open'));
    expect(text).toMatch(series('portal_db_query_duration_seconds_count', 'outcome="ok"'));
    expect(text).toMatch(/^# TYPE portal_kv_errors_total counter$/m);
    expect(text).toMatch(series('portal_nodejs_eventloop_lag_seconds'));
    expect(text).toMatch(series('portal_process_resident_memory_bytes'));
    if (app().stores.database.kind === 'postgres') expect(text).toMatch(series('portal_db_pool_connections'));
    // Never a raw URL as a label.
    expect(text).not.toMatch(/operation="\/pmobile/);
    const live = await sql<{ n: number }>`select count(*)::int as n from sessions where revoked_at is null`.execute(db());
    expect(live.rows[0]!.n).toBeGreaterThan(0);
  });

});
