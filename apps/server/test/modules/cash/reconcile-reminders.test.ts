import { beforeAll, describe, expect, it } from 'vitest';
import { CASH_FEED_COLUMNS, cashApi, formatDate, messagesApi, type CashImportResult, type Message, type ReconcileItem } from '@portal/shared';
import { remindReconciliation } from '../../../src/modules/cash/reconcile-reminders';
import { serverUnderTest } from '../../helpers/server-under-test';
import { openSse } from '../../helpers/sse-client';

const OWN = '1000000001';

describe('消息中心 sources of the statements: 对账提醒 and the live import event', () => {
  const LOGINS = { staff: 'custcheck' };
  const { app, db, asUser, call, ok, addLogin } = serverUnderTest({}, { logins: { ...LOGINS, bare: 'rr.bare' } });
  const reminders = async (who: string) => (await ok<{ records: Message[] }>(messagesApi.messageQuery, { kind: 'reconciliation', limit: 100 }, who)).records.filter((m) => m.link === '/valuation/electronicReconcile/index');

  beforeAll(async () => {
    await addLogin('rr.bare', 'U100000193', OWN, []);
    for (const who of ['demo', 'checker', 'staff', 'bare']) await asUser(who);
  });

  it('reminds the seats that may answer of each recent period still 未对账, once per period however often it runs', async () => {
    const today = formatDate(Date.now());
    const due = (await ok<ReconcileItem[]>(cashApi.cashReconcileQuery, { status: 'due' }, 'checker')).filter((i) => i.daysOverdue <= 45);
    expect(due.length).toBeGreaterThan(0);
    const periods = new Set(due.map((i) => i.periodStart));
    // The seats of OWN that may answer (CASH_RECONCILE through a role).
    const answering = await db()
      .selectFrom('user_numbers as un')
      .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
      .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
      .where('un.enterprise_no', '=', OWN)
      .where('un.status', '=', 1)
      .where('ra.authority', '=', 'CASH_RECONCILE')
      .select('un.user_no')
      .distinct()
      .execute();
    expect(answering.length).toBeGreaterThan(0);

    await remindReconciliation(db(), today, new Date());
    const told = await reminders('checker');
    expect(told).toHaveLength(periods.size);
    const first = due.find((i) => i.periodStart === [...periods][0])!;
    const mine = told.find((m) => m.title === `${first.periodStart}至${first.periodEnd}资金对账提醒`)!;
    expect(mine.body).toContain(first.accountNo);
    expect(mine.readAt).toBeNull();
    const seats = await db().selectFrom('notifications').select('user_no').where('subject', 'like', `cashReconcile:${OWN}:%`).distinct().execute();
    expect(seats.map((r) => r.user_no).sort()).toEqual(answering.map((r) => r.user_no).sort());
    expect(await reminders('bare')).toEqual([]);
    // Staff of the bank are nobody's enterprise seat of OWN.
    expect(await reminders('staff')).toEqual([]);

    // The next pass (or another instance's) tells nobody twice.
    expect((await remindReconciliation(db(), today, new Date())).flatMap((n) => n.ids)).toEqual([]);
    expect(await reminders('checker')).toHaveLength(periods.size);
  });

  it('tells the enterprise’s open streams when the bank imports its cash statements', async () => {
    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const ticket = ((await call('/events/ticket', {}, 'demo')).data as { ticket: string }).ticket;
    const stream = await openSse(origin, `/pmobile/events/stream?ticket=${ticket}`);
    try {
      const account = (await db().selectFrom('custody_accounts').select('account_no').where('enterprise_no', '=', OWN).orderBy('account_no').executeTakeFirstOrThrow()).account_no;
      const csv = [CASH_FEED_COLUMNS.join(','), `CSLIVE000001,${account},2025-02-03,CNY,1000.00,1000.00,,,,,,,,`].join('\n');
      const done = await ok<CashImportResult>(cashApi.custodianCashImport, { fileName: 'cash.csv', preview: false, content: Buffer.from(csv, 'utf8').toString('base64') }, 'staff');
      expect(done.outcome).toBe('imported');
      expect(await stream.next()).toMatchObject({ kind: 'statement.imported', ids: ['cash'] });
    } finally {
      stream.close();
    }
  });
});
