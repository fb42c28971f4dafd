import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_ATTEMPTS, formatDate, messagesApi, reportsApi, retryDelayMs, type GeneratedReport, type Message, type ReportAccount, type ReportKind, type ReportSubscription } from '@portal/shared';
import { registerReport } from '../../../src/modules/reports';
import { pdfUnicodeText } from '../../helpers/pdf-text';
import { serverUnderTest } from '../../helpers/server-under-test';
import { openSse } from '../../helpers/sse-client';

const OWN = '1000000001';
const OTHER = '1000000002';
const bj = (wall: string) => `${wall}+08:00`;

/** A local SMTP sink: every mail it is handed. */
const mails: { to: string; raw: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (raw += c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      done();
    });
  },
});
sink.listen(0, '127.0.0.1');
await once(sink.server, 'listening');
const smtpPort = (sink.server.address() as AddressInfo).port;

// A report whose production always fails, to see the retries and their report.
let failing = true;
registerReport({
  kind: 'test.flaky',
  title: '测试用报表',
  description: '生成失败的报表',
  authority: ['INSTRUCTION_QUERY'],
  formats: ['csv'],
  params: ['period'],
  generate: async () => {
    if (failing) throw new Error('数据源暂不可用');
    return { body: Buffer.from('a\r\n'), rows: 0 };
  },
});

describe('报表中心', () => {
  const LOGINS = { maker: 'rc.maker', other: 'rc.other', bare: 'rc.bare', staff: 'rc.staff' };
  const { app, client, call, ok, refused, addLogin, asUser, db, atBusinessTime } = serverUnderTest({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, JOBS_INTERVAL_MS: '0' }, { logins: LOGINS });
  const messages = (who: string) => ok<{ records: Message[]; unread: number }>(messagesApi.messageQuery, { limit: 50 }, who);

  beforeAll(async () => {
    await addLogin('rc.maker', 'U100000391', OWN, ['CUSTOMER_MAKER']);
    await addLogin('rc.other', 'U100000491', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('rc.bare', 'U100000399', OWN, []);
    await addLogin('rc.staff', 'S900000391', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await db().updateTable('users').set({ email: 'rc.maker@fund.example.cn' }).where('username', '=', 'rc.maker').execute();
    for (const who of ['maker', 'other', 'bare', 'staff']) await asUser(who);
  });
  afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

  const fetchFile = async (id: number, who: string) => {
    const { data, json } = await call(reportsApi.reportDownload, { id }, who);
    if (json.returnCode !== '000000') return { refused: json.returnMsg as string };
    const { ticket } = data as { ticket: string };
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser(who)}` } });
    return { status: file.statusCode, body: file.rawPayload };
  };

  it('lists the registered reports the seat’s authorities allow, runs one now, and lets only its owner download it', async () => {
    const kinds = (who: string) => ok<ReportKind[]>(reportsApi.reportKinds, {}, who).then((ks) => ks.map((k) => k.kind));
    expect(await kinds('maker')).toEqual(expect.arrayContaining(['instructions', 'warnings']));
    expect(await kinds('bare')).toEqual([]);
    expect(await kinds('staff')).toContain('instructions');
    await refused(reportsApi.reportRun, { kind: 'instructions', format: 'xlsx', from: '2026-01-01', to: '2026-12-31' }, 'bare', 400, '报表不存在或无权查看');
    await refused(reportsApi.reportRun, { kind: 'nope', format: 'xlsx', from: '2026-01-01', to: '2026-12-31' }, 'maker', 400, '报表不存在或无权查看');
    await refused(reportsApi.reportRun, { kind: 'instructions', format: 'xlsx' }, 'maker', 400, '请选择报表期间');
    await refused(reportsApi.reportRun, { kind: 'instructions', format: 'xlsx', from: '2026-03-01', to: '2026-02-01' }, 'maker', 400, '开始日期不能晚于结束日期');
    await refused(reportsApi.reportRun, { kind: 'test.flaky', format: 'xlsx', from: '2026-03-01', to: '2026-03-01' }, 'maker', 400, '该报表不支持所选文件格式');

    const made = await ok<GeneratedReport>(reportsApi.reportRun, { kind: 'instructions', format: 'csv', from: '2026-01-01', to: '2026-12-31' }, 'maker');
    expect(made).toMatchObject({ kind: 'instructions', format: 'csv', subscriptionId: null, periodFrom: '2026-01-01' });
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(90 * 86_400_000);
    const file = await fetchFile(made.id, 'maker');
    expect(file.status).toBe(200);
    const text = (file.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF指令编号,企业')).toBe(true);
    // Only the seat's own enterprise's instructions are in it.
    const enterprises = new Set(text.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]));
    expect(enterprises.size).toBeLessThanOrEqual(1);
    expect(await fetchFile(made.id, 'other')).toEqual({ refused: '报表不存在或已过保留期' });
    const own = await ok<{ records: GeneratedReport[] }>(reportsApi.reportGeneratedQuery, {}, 'maker');
    expect(own.records.map((r) => r.id)).toContain(made.id);
    expect((await ok<{ records: GeneratedReport[] }>(reportsApi.reportGeneratedQuery, {}, 'other')).records).toEqual([]);
  });

  it('runs the statements’ reports (cash entries, 电子对账 status, product NAVs) on the seat’s own accounts and products only', async () => {
    const kinds = await ok<ReportKind[]>(reportsApi.reportKinds, {}, 'maker').then((ks) => ks.map((k) => k.kind));
    expect(kinds).toEqual(expect.arrayContaining(['cashEntries', 'cashReconciliation', 'valuationNav']));
    expect(await ok<ReportKind[]>(reportsApi.reportKinds, {}, 'staff').then((ks) => ks.map((k) => k.kind))).not.toContain('cashEntries');
    // The demo statements cover the last 90 days.
    const lines = async (kind: string, who: string) => {
      const made = await ok<GeneratedReport>(reportsApi.reportRun, { kind, format: 'csv', from: formatDate(Date.now() - 300 * 86_400_000), to: formatDate(Date.now()) }, who);
      const file = await fetchFile(made.id, who);
      return (file.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    };
    const [entriesHeader, ...entries] = await lines('cashEntries', 'maker');
    expect(entriesHeader).toBe('账号,记账日期,起息日期,借贷,金额,币种,对方户名,对方账号,摘要,指令编号');
    expect(entries.length).toBeGreaterThan(0);
    const accountsOf = (rows: string[]) => new Set(rows.map((r) => r.split(',')[0]));
    const otherEntries = (await lines('cashEntries', 'other')).slice(1);
    for (const account of accountsOf(otherEntries)) expect(accountsOf(entries).has(account)).toBe(false);
    const [navHeader, ...navs] = await lines('valuationNav', 'maker');
    expect(navHeader).toBe('产品代码,产品名称,估值日期,资产净值,实收份额,单位净值,累计单位净值');
    expect(navs.length).toBeGreaterThan(0);
    const [reconcileHeader] = await lines('cashReconciliation', 'maker');
    expect(reconcileHeader).toBe('账号,账户名称,期间起,期间止,对账结果,签署人,不符原因,托管行回复');
  });

  it('writes any report as a PDF in the embedded Chinese font, on the accounts the seat chose of its own enterprise only', async () => {
    const accounts = await ok<ReportAccount[]>(reportsApi.reportAccounts, {}, 'maker');
    const owned = await db().selectFrom('custody_accounts').select(['account_no', 'account_name']).where('enterprise_no', '=', OWN).orderBy('account_no').execute();
    expect(accounts.map((a) => a.accountNo)).toEqual(expect.arrayContaining(owned.map((a) => a.account_no)));
    const foreign = (await db().selectFrom('custody_accounts').select('account_no').where('enterprise_no', '=', OTHER).where('third_party_enterprise_no', 'is', null).executeTakeFirstOrThrow()).account_no;
    expect(accounts.map((a) => a.accountNo)).not.toContain(foreign);

    // The cash entries of one chosen account, as PDF: its name is in the document's text.
    const chosen = owned.find((a) => /[\u4e00-\u9fff]/.test(a.account_name))!;
    const period = { from: formatDate(Date.now() - 300 * 86_400_000), to: formatDate(Date.now()) };
    const made = await ok<GeneratedReport>(reportsApi.reportRun, { kind: 'cashEntries', format: 'pdf', ...period, accountNos: [chosen.account_no] }, 'maker');
    expect(made).toMatchObject({ format: 'pdf', fileName: expect.stringMatching(/\.pdf$/) });
    const file = await fetchFile(made.id, 'maker');
    const pdf = file.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfUnicodeText(pdf);
    for (const ch of `资金流水报表期间账户${chosen.account_name}`) expect(text).toContain(ch);

    // A valuation report as PDF carries the product names.
    const nav = await ok<GeneratedReport>(reportsApi.reportRun, { kind: 'valuationNav', format: 'pdf', ...period }, 'maker');
    const product = (await db().selectFrom('valuation_statements').select('product_name').where('enterprise_no', '=', OWN).executeTakeFirstOrThrow()).product_name;
    const navText = pdfUnicodeText((await fetchFile(nav.id, 'maker')).body as Buffer);
    for (const ch of product) expect(navText).toContain(ch);

    // Another enterprise's account, or one that does not exist, is refused, and nothing is stored or subscribed.
    const before = (await ok<{ total: number }>(reportsApi.reportGeneratedQuery, {}, 'maker')).total;
    await refused(reportsApi.reportRun, { kind: 'cashEntries', format: 'pdf', ...period, accountNos: [chosen.account_no, foreign] }, 'maker', 400, `所选账户不属于本企业：${foreign}`);
    await refused(reportsApi.reportRun, { kind: 'instructions', format: 'csv', ...period, accountNos: ['999999999999'] }, 'maker', 400, '所选账户不属于本企业：999999999999');
    await refused(reportsApi.subscribe, { kind: 'cashEntries', format: 'pdf', frequency: 'weekly', accountNos: [foreign] }, 'maker', 400, `所选账户不属于本企业：${foreign}`);
    expect((await ok<{ total: number }>(reportsApi.reportGeneratedQuery, {}, 'maker')).total).toBe(before);
    expect((await ok<ReportSubscription[]>(reportsApi.subscriptionQuery, {}, 'maker')).filter((x) => x.kind === 'cashEntries')).toEqual([]);
    // Staff may choose any existing account.
    expect((await ok<ReportAccount[]>(reportsApi.reportAccounts, {}, 'staff')).map((a) => a.accountNo)).toContain(foreign);
  });

  it('delivers a daily subscription the next morning to 消息中心, live and by e-mail, and never twice', async () => {
    await ok(messagesApi.messagePreferencesSave, { kinds: [{ kind: 'report', email: true }] }, 'maker');
    atBusinessTime(bj('2031-03-10T10:00:00'));
    const sub = await ok<ReportSubscription>(reportsApi.subscribe, { kind: 'instructions', format: 'xlsx', frequency: 'daily' }, 'maker');
    expect(sub.nextRunAt).toBe(new Date(bj('2031-03-11T06:00:00')).toISOString());
    await refused(reportsApi.subscribe, { kind: 'instructions', format: 'xlsx', frequency: 'daily' }, 'maker', 400, '已订阅相同的报表，请勿重复订阅');
    // Not due yet the same day.
    expect((await messages('maker')).records.filter((m) => m.kind === 'report')).toEqual([]);

    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const ticket = ((await call('/events/ticket', {}, 'maker')).data as { ticket: string }).ticket;
    const stream = await openSse(origin, `/pmobile/events/stream?ticket=${ticket}`);
    try {
      atBusinessTime(bj('2031-03-11T10:00:00'));
      const inbox = await messages('maker');
      const delivered = inbox.records.filter((m) => m.kind === 'report');
      expect(delivered.map((m) => m.title)).toEqual(['指令明细报表（2031-03-10）已生成']);
      expect(delivered[0]!.link).toMatch(/^\/addedServices\/reportCenter\/index\?report=\d+$/);
      expect(await stream.next()).toMatchObject({ kind: 'message.new', ids: [delivered[0]!.id] });
      const generated = await ok<{ records: GeneratedReport[] }>(reportsApi.reportGeneratedQuery, {}, 'maker');
      const report = generated.records.find((r) => r.subscriptionId === sub.id)!;
      expect(report).toMatchObject({ periodFrom: '2031-03-10', periodTo: '2031-03-10', format: 'xlsx' });
      expect((await fetchFile(report.id, 'maker')).status).toBe(200);
      // The same day again runs nothing more; the next run is the next morning.
      await messages('maker');
      expect((await messages('maker')).records.filter((m) => m.kind === 'report')).toHaveLength(1);
      const [after] = await ok<ReportSubscription[]>(reportsApi.subscriptionQuery, {}, 'maker');
      expect(after).toMatchObject({ lastStatus: 'ok', nextRunAt: new Date(bj('2031-03-12T06:00:00')).toISOString() });
    } finally {
      stream.close();
    }
    // The e-mail, after the commit, in the local sink.
    // (The demo seats' seeded subscriptions were due too: their mails go to their own addresses.)
    const mine = () => mails.filter((m) => m.to === 'rc.maker@fund.example.cn');
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(1);
    expect(mine()[0]!.raw).toContain('Subject:');
    await ok(reportsApi.unsubscribe, { id: sub.id }, 'maker');
    await refused(reportsApi.unsubscribe, { id: sub.id }, 'maker', 400, '订阅不存在');
  });

  it('retries a failing run with a growing wait, then reports the failure in 消息中心 and moves on to the next period', async () => {
    atBusinessTime(bj('2031-05-10T10:00:00'));
    const sub = await ok<ReportSubscription>(reportsApi.subscribe, { kind: 'test.flaky', format: 'csv', frequency: 'daily' }, 'maker');
    let at = Date.parse(bj('2031-05-11T06:00:00'));
    for (let attempt = 1; attempt <= REPORT_MAX_ATTEMPTS; attempt++) {
      atBusinessTime(new Date(at).toISOString());
      await messages('maker');
      const [row] = (await ok<ReportSubscription[]>(reportsApi.subscriptionQuery, {}, 'maker')).filter((s) => s.id === sub.id);
      if (attempt < REPORT_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ lastStatus: 'retrying', attempts: attempt, lastError: '数据源暂不可用' });
        // Before the wait is over nothing runs.
        atBusinessTime(new Date(at + retryDelayMs(attempt) - 1_000).toISOString());
        await messages('maker');
        expect((await ok<ReportSubscription[]>(reportsApi.subscriptionQuery, {}, 'maker')).find((s) => s.id === sub.id)!.attempts).toBe(attempt);
        at += retryDelayMs(attempt);
      } else {
        expect(row).toMatchObject({ lastStatus: 'failed', attempts: 0, nextRunAt: new Date(bj('2031-05-12T06:00:00')).toISOString() });
      }
    }
    const failed = (await messages('maker')).records.filter((m) => m.title.startsWith('测试用报表'));
    expect(failed.map((m) => m.title)).toEqual(['测试用报表（2031-05-10至2031-05-10）生成失败']);
    failing = false;
    atBusinessTime(bj('2031-05-12T07:00:00'));
    await messages('maker');
    expect((await ok<ReportSubscription[]>(reportsApi.subscriptionQuery, {}, 'maker')).find((s) => s.id === sub.id)!.lastStatus).toBe('ok');
    atBusinessTime(undefined);
  });
});
