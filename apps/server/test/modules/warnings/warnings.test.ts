import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_FORMAT_MESSAGE,
  FEED_COLUMNS,
  formatDate,
  messagesApi,
  warningsApi,
  type Message,
  type NewSharePaymentRecord,
  type WarningFeed,
  type WarningImportResult,
  type WarningKind,
  type WarningRecord,
} from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';
import { openSse } from '../../helpers/sse-client';

const OWN = '1000000001';
const OTHER = '1000000002';
const TABLES = { clearPosition: 'clear_position_warnings', preCleaning: 'pre_cleaning_reminders', newSharePayment: 'new_share_payments' } as const;
const api = warningsApi;
const today = formatDate(Date.now());
const dayOffset = (days: number) => formatDate(Date.now() + days * 86_400_000);

// GBK bytes, as Excel on a Chinese Windows saves "CSV (逗号分隔)": the new-share header and 测试新材.
const GBK_HEADER = Buffer.from(
  'c5fab4cebac52cc6f3d2b5b1e0bac52cd5cbbac52cb9c9c6b1b4fac2eb2cb9c9c6b1c3fbb3c62ccad0b3a12cc5e4cadbcafdc1bf2cb7a2d0d0bcdbb8f12cbdc9bfeebdd8d6b9c8d5c6da',
  'hex',
);
const GBK_NAME = Buffer.from('b2e2cad4d0c2b2c4', 'hex');

describe('warnings: clear-position, pre-cleaning, new-share payment and their feeds', () => {
  const LOGINS = { admin: 'qyadmin', other: 'wr.other', bare: 'wr.bare', staff: 'custcheck', exec: 'custexec' };
  const { app, client, db, asUser, pathOf, call, ok, refused, counts, addLogin } = serverUnderTest({}, { logins: LOGINS });
  /** Every warning row and feed, to prove a refusal wrote nothing. */
  const snapshot = async () => {
    const n = async (table: 'warning_feeds' | (typeof TABLES)[WarningKind]) => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const handled = await sql<{ n: number }>`select (select count(*) from clear_position_warnings where status = '1') + (select count(*) from pre_cleaning_reminders where status = '1') + (select count(*) from new_share_payments where status = '1') as n`.execute(db());
    return JSON.stringify([await n('warning_feeds'), await n(TABLES.clearPosition), await n(TABLES.preCleaning), await n(TABLES.newSharePayment), Number(handled.rows[0]!.n)]);
  };
  const openIds = async (kind: WarningKind, enterpriseNo: string, extra: (q: ReturnType<typeof openQuery>) => ReturnType<typeof openQuery> = (q) => q) =>
    (await extra(openQuery(kind, enterpriseNo)).orderBy('id').execute()).map((r) => r.id);
  const openQuery = (kind: WarningKind, enterpriseNo: string) => db().selectFrom(TABLES[kind] as 'clear_position_warnings').select('id').where('enterprise_no', '=', enterpriseNo).where('status', '=', '0');
  const upload = (kind: WarningKind, text: string | Buffer, preview = false, fileName = `${kind}.csv`) => ({
    kind,
    preview,
    fileName,
    content: (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64'),
  });
  const importFeed = (body: ReturnType<typeof upload>, who = 'staff') => ok<WarningImportResult>(api.custodianWarningImport, body, who);

  /** Status-00 register accounts: two of OWN (with their product codes) and one of OTHER. */
  let own: { account_no: string; product_code: string }[];
  let other: { account_no: string; product_code: string };


  beforeAll(async () => {
    await addLogin('wr.other', 'U100000291', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('wr.bare', 'U100000191', OWN, []);
    const accounts = (enterpriseNo: string) =>
      db().selectFrom('custody_accounts').select(['account_no', 'product_code']).where('enterprise_no', '=', enterpriseNo).where('status', '=', '00').orderBy('account_no').execute();
    own = (await accounts(OWN)).slice(0, 2);
    other = (await accounts(OTHER))[0]!;
    for (const who of ['demo', 'admin', 'checker', 'other', 'bare', 'staff', 'exec']) await asUser(who);
  });

  it('seeds the last 30 days of warnings in every state, on register accounts, with feeds and home counts for the demo logins', async () => {
    for (const table of Object.values(TABLES)) {
      const rows = await db().selectFrom(table as 'clear_position_warnings').select(['enterprise_no', 'status']).execute();
      expect(new Set(rows.filter((r) => r.enterprise_no === OWN).map((r) => r.status)), table).toEqual(new Set(['0', '1']));
      expect(rows.filter((r) => r.enterprise_no === OTHER).length, table).toBeGreaterThan(0);
      expect(rows.filter((r) => r.enterprise_no === OWN).length, table).toBeGreaterThan(rows.filter((r) => r.enterprise_no === OTHER).length);
      // Handled by a seat of the warning's own enterprise that may handle warnings.
      const strangers = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} w
        where w.status = '1' and not exists (select 1 from user_numbers u join user_number_roles ur on ur.user_no = u.user_no join role_authorities ra on ra.role_id = ur.role_id
          where u.user_no = w.handled_by_user_no and u.user_id = w.handled_by_user_id and u.enterprise_no = w.enterprise_no and ra.authority = 'WARNING_HANDLE')`.execute(db());
      expect(strangers.rows[0]!.n, table).toBe(0);
    }
    const dates = await sql<{ first: string; last: string }>`select min(trigger_date)::text as first, max(trigger_date)::text as last from clear_position_warnings`.execute(db());
    expect(dates.rows[0]!.first >= dayOffset(-30)).toBe(true);
    // Some open ones are past their deadline; pre-cleaning reminders both short and covered.
    expect((await openIds('clearPosition', OWN, (q) => q.where(sql<boolean>`deadline < ${today}::date`))).length + (await openIds('newSharePayment', OWN, (q) => q.where(sql<boolean>`payment_deadline < ${today}::date`))).length).toBeGreaterThan(0);
    const shortfalls = await db().selectFrom('pre_cleaning_reminders').select(sql<string>`shortfall::text`.as('s')).execute();
    expect(shortfalls.some((r) => r.s === '0.00') && shortfalls.some((r) => Number(r.s) > 0)).toBe(true);
    // The payable amounts are exact products.
    const wrong = await sql<{ n: number }>`select count(*)::int as n from new_share_payments where amount_payable <> quantity * issue_price`.execute(db());
    expect(wrong.rows[0]!.n).toBe(0);

    const feeds = await ok<{ records: WarningFeed[]; total: number }>(api.custodianWarningFeedQuery, { limit: 100 }, 'staff');
    expect(feeds.total).toBeGreaterThan(10);
    expect(new Set(feeds.records.map((f) => f.kind))).toEqual(new Set(['clearPosition', 'preCleaning', 'newSharePayment']));
    expect(feeds.records[0]).toMatchObject({ importedByUserNo: 'S900000002', importedByName: '赵磊' });

    for (const who of ['demo', 'admin', 'checker']) {
      const c = await counts(who);
      const expected = await sql<{ p: number; d: number; s: number }>`select
        (select count(*)::int from clear_position_warnings where enterprise_no = ${OWN} and status = '0') as p,
        (select count(*)::int from pre_cleaning_reminders where enterprise_no = ${OWN} and status = '0' and shortfall > 0) as d,
        (select count(*)::int from new_share_payments where enterprise_no = ${OWN} and status = '0' and payment_deadline >= ${today}::date) as s`.execute(db());
      const { p, d, s } = expected.rows[0]!;
      expect([c.positionCount, c.deptCount, c.shareCount], who).toEqual([p, d, s]);
      expect(p * d * s, who).toBeGreaterThan(0);
    }
    // Seats that cannot see warnings (bank staff, a seat without roles) are not reminded of them.
    expect(await counts('bare')).toMatchObject({ positionCount: 0, deptCount: 0, shareCount: 0 });
  });

  it('lists only the session’s enterprise, filtered and paged', async () => {
    const all = await ok<{ records: WarningRecord[]; total: number }>(api.clearPositionQuery, { limit: 100 }, 'demo');
    const inDb = await db().selectFrom('clear_position_warnings').select('id').where('enterprise_no', '=', OWN).execute();
    expect(all.total).toBe(inDb.length);
    expect(all.records.every((r) => r.kind === 'clearPosition' && r.enterpriseNo === OWN)).toBe(true);
    // Newest trigger date first.
    const dates = all.records.map((r) => (r.kind === 'clearPosition' ? r.triggerDate : ''));
    expect(dates).toEqual([...dates].sort().reverse());
    const open = await ok<{ records: WarningRecord[]; total: number }>(api.clearPositionQuery, { status: '0', limit: 5, page: 1 }, 'demo');
    expect(open.records).toHaveLength(Math.min(5, open.total));
    expect(open.records.every((r) => r.status === '0' && r.handledByUserNo === null)).toBe(true);
    const account = all.records[0]!.accountNo;
    const byAccount = await ok<{ records: WarningRecord[] }>(api.clearPositionQuery, { accountNo: account.slice(-6), limit: 100 }, 'demo');
    expect(byAccount.records.every((r) => r.accountNo.includes(account.slice(-6)))).toBe(true);
    const ranged = await ok<{ records: WarningRecord[] }>(api.preCleaningQuery, { dateFrom: dayOffset(-7), dateTo: today, limit: 100 }, 'demo');
    expect(ranged.records.every((r) => r.kind === 'preCleaning' && r.settleDate >= dayOffset(-7) && r.settleDate <= today)).toBe(true);
    const theirs = await ok<{ records: WarningRecord[] }>(api.newSharePaymentQuery, { limit: 100 }, 'other');
    expect(theirs.records.length).toBeGreaterThan(0);
    expect(theirs.records.every((r) => r.enterpriseNo === OTHER)).toBe(true);
    const share = theirs.records[0] as NewSharePaymentRecord;
    expect(Number(share.amountPayable)).toBeCloseTo(share.quantity * Number(share.issuePrice), 2);
  });

  it('refuses bad filters with their reasons', async () => {
    await refused(api.clearPositionQuery, { dateFrom: today, dateTo: dayOffset(-1) }, 'demo', 400, '开始日期不能晚于结束日期');
    await refused(api.clearPositionQuery, { dateFrom: '2025-02-30' }, 'demo', 400, '开始日期须为有效日期（yyyy-MM-dd）');
    await refused(api.preCleaningQuery, { status: '9' }, 'demo', 400, '状态须为0或1');
    await refused(api.newSharePaymentQuery, { accountNo: '62a' }, 'demo', 400, '账号只能包含数字，且不超过22位');
    await refused(api.newSharePaymentQuery, { limit: 1000 }, 'demo', 400, '每页条数须为1到100之间的整数');
    await refused(api.custodianWarningQuery, { kind: 'risk' }, 'staff', 400, '预警类型须为clearPosition、preCleaning或newSharePayment');
    // Penetration test: a remark with lone surrogates was a 500 (PostgreSQL refused it in the jsonb audit).
    const [open] = await openIds('clearPosition', OWN);
    const before = await snapshot();
    await refused(api.clearPositionHandle, { ids: [open], remark: 'x\udc00\ud800y' }, 'demo', 400, '请求包含无法识别的字符，请检查输入内容');
    expect(await snapshot()).toBe(before);
  });

  it('handles a selection all or nothing, records who, when and why, and lowers the count', async () => {
    const [a, b] = await openIds('clearPosition', OWN);
    const handledAlready = (await db().selectFrom('clear_position_warnings').select('id').where('enterprise_no', '=', OWN).where('status', '=', '1').executeTakeFirstOrThrow()).id;
    const before = await snapshot();
    const position = (await counts('demo')).positionCount!;
    await refused(api.clearPositionHandle, { ids: [a, b, handledAlready], remark: '已减仓' }, 'demo', 400, `清仓预警已处理，不能重复处理：编号${handledAlready}`);
    expect(await snapshot()).toBe(before);

    const handled = await ok<WarningRecord[]>(api.clearPositionHandle, { ids: [b, a], remark: ' 已通知投资经理减仓 ' }, 'demo');
    expect(handled.map((r) => r.id)).toEqual([b, a]);
    expect(handled.every((r) => r.status === '1' && r.handledByUserNo === 'U100000101' && r.handledByName === '张晓明' && r.remark === '已通知投资经理减仓')).toBe(true);
    expect(Math.abs(Date.parse(handled[0]!.handledAt!) - Date.now())).toBeLessThan(60_000);
    const row = await db().selectFrom('clear_position_warnings').select(['handled_by_user_id', 'handled_by_user_no']).where('id', '=', a!).executeTakeFirstOrThrow();
    const demo = await db().selectFrom('users').select('user_id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect(row).toEqual({ handled_by_user_id: demo.user_id, handled_by_user_no: 'U100000101' });
    expect((await counts('demo')).positionCount).toBe(position - 2);
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'warning.handle').orderBy('audit_id', 'desc').limit(2).execute();
    expect(audit.map((e) => e.outcome)).toEqual(['success', 'failure']);
    expect(audit[0]!.detail).toMatchObject({ kind: 'clearPosition', ids: [b, a], remark: '已通知投资经理减仓' });

    // A second time is refused, by anyone of the enterprise.
    await refused(api.clearPositionHandle, { ids: [a], remark: '再次处理' }, 'admin', 400, `清仓预警已处理，不能重复处理：编号${a}`);

    // Pre-cleaning: a reminder short of funds leaves deptCount; a new-share payment confirmed leaves shareCount.
    const [short] = await openIds('preCleaning', OWN, (q) => q.where(sql<boolean>`shortfall > 0`));
    const dept = (await counts('demo')).deptCount!;
    await ok(api.preCleaningHandle, { ids: [short], remark: '已划入备付金' }, 'admin');
    expect((await counts('demo')).deptCount).toBe(dept - 1);
    const [payable] = await openIds('newSharePayment', OWN, (q) => q.where(sql<boolean>`payment_deadline >= ${today}::date`));
    const share = (await counts('demo')).shareCount!;
    const [paid] = await ok<NewSharePaymentRecord[]>(api.newSharePaymentHandle, { ids: [payable], remark: '已足额划款' }, 'demo');
    expect(paid).toMatchObject({ status: '1', overdue: false });
    expect((await counts('demo')).shareCount).toBe(share - 1);
    await refused(api.newSharePaymentHandle, { ids: [payable], remark: '已足额划款' }, 'demo', 400, `新股缴款提醒已确认缴款，不能重复处理：编号${payable}`);
  });

  it('lets one of two concurrent handles of the same warning win', async () => {
    const [id] = await openIds('preCleaning', OWN);
    const results = await Promise.all([call(api.preCleaningHandle, { ids: [id], remark: '甲' }, 'demo'), call(api.preCleaningHandle, { ids: [id], remark: '乙' }, 'admin')]);
    expect(results.map((r) => r.res.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.res.statusCode === 400)!.json.returnMsg).toBe(`预清算提醒已处理，不能重复处理：编号${id}`);
  });

  it('keeps to the enterprise: another enterprise’s warnings answer like unknown ones and change nothing', async () => {
    const [theirs] = await openIds('clearPosition', OTHER);
    const [mine] = await openIds('clearPosition', OWN);
    const before = await snapshot();
    await refused(api.clearPositionHandle, { ids: [theirs], remark: '越权处理' }, 'demo', 400, `预警记录不存在或不属于本企业：编号${theirs}`);
    await refused(api.clearPositionHandle, { ids: [mine, theirs], remark: '越权处理' }, 'demo', 400, `预警记录不存在或不属于本企业：编号${theirs}`);
    await refused(api.clearPositionHandle, { ids: [2_147_483_647], remark: '不存在' }, 'demo', 400, '预警记录不存在或不属于本企业：编号2147483647');
    // An id of another kind is unknown to this kind.
    const [preId] = await openIds('preCleaning', OWN);
    const cp = await db().selectFrom('clear_position_warnings').select('id').where('id', '=', preId!).executeTakeFirst();
    if (!cp) await refused(api.clearPositionHandle, { ids: [preId], remark: '错类' }, 'demo', 400, `预警记录不存在或不属于本企业：编号${preId}`);
    expect(await snapshot()).toBe(before);
    const seen = await ok<{ records: WarningRecord[] }>(api.clearPositionQuery, { limit: 100 }, 'other');
    expect(seen.records.map((r) => r.id)).not.toContain(mine);
  });

  it('refuses bad handles, callers without the authority (403) and without a session (401)', async () => {
    const [id] = await openIds('clearPosition', OWN);
    const before = await snapshot();
    await refused(api.clearPositionHandle, { ids: [id], remark: '  ' }, 'demo', 400, '请输入处理说明');
    await refused(api.clearPositionHandle, { ids: [], remark: '说明' }, 'demo', 400, '请选择预警记录');
    await refused(api.clearPositionHandle, { ids: [id, id], remark: '说明' }, 'demo', 400, '预警记录重复');
    await refused(api.clearPositionHandle, { ids: [0], remark: '说明' }, 'demo', 400, '预警编号不正确');
    await refused(api.clearPositionHandle, { ids: [id], remark: '说'.repeat(201) }, 'demo', 400, '处理说明不能超过200个字符');
    // A reviewer sees warnings but does not handle them; a seat without roles sees nothing; staff use their own calls.
    await refused(api.clearPositionHandle, { ids: [id], remark: '说明' }, 'checker', 403);
    await refused(api.clearPositionQuery, {}, 'bare', 403);
    await refused(api.clearPositionDownload, {}, 'bare', 403);
    await refused(api.clearPositionQuery, {}, 'staff', 403);
    await refused(api.custodianWarningQuery, { kind: 'clearPosition' }, 'demo', 403);
    await refused(api.custodianWarningImport, upload('preCleaning', 'x'), 'demo', 403);
    await refused(api.custodianWarningImport, upload('preCleaning', 'x'), 'exec', 403);
    await refused(api.custodianWarningFeedQuery, {}, 'exec', 403);
    for (const op of [api.clearPositionQuery, api.clearPositionHandle, api.custodianWarningImport]) {
      const res = await app().inject({ method: 'POST', url: pathOf(op), headers: { ...client().envelope.headers }, payload: {} });
      expect(res.statusCode, op.id).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });

  it('imports a feed all or nothing: row errors with their line numbers and reasons write nothing', async () => {
    const header = FEED_COLUMNS.clearPosition.join(',');
    const [a, b] = own;
    const text = [
      header,
      `QCYJTEST0001,${OWN},${a!.account_no},${a!.product_code},01,0.8400,0.8500,${today},${dayOffset(5)}`,
      `QCYJTEST0001,${OWN},622299999999999999,${a!.product_code},01,0.8400,0.8500,${today},${dayOffset(5)}`,
      `QCYJTEST0001,${OWN},${other.account_no},${other.product_code},01,0.8400,0.8500,${today},${dayOffset(5)}`,
      `QCYJTEST0001,9999999999,${a!.account_no},${a!.product_code},02,0.7000,0.7500,${today},${dayOffset(5)}`,
      `QCYJTEST0001,${OWN},${b!.account_no},ZZ999,01,0.8400,0.8500,${today},${dayOffset(5)}`,
      `QCYJTEST0001,${OWN},${b!.account_no},${b!.product_code},01,abc,0.8500,2025-13-01,${dayOffset(5)}`,
    ].join('\n');
    const before = await snapshot();
    const preview = await importFeed(upload('clearPosition', text, true));
    const expectedErrors = [
      { rowNo: 3, accountNo: '622299999999999999', reason: '账号不存在' },
      { rowNo: 4, accountNo: other.account_no, reason: `账号不属于企业${OWN}（登记在企业${OTHER}名下）` },
      { rowNo: 5, accountNo: a!.account_no, reason: '企业编号9999999999不存在' },
      { rowNo: 6, accountNo: b!.account_no, reason: `产品代码与账户所属产品不符（应为${b!.product_code}）` },
      { rowNo: 7, accountNo: b!.account_no, reason: '单位净值须为大于0的数，最多8位整数和4位小数；触发日期须为有效日期（yyyy-MM-dd）' },
    ];
    expect(preview).toEqual({
      outcome: 'rejected',
      kind: 'clearPosition',
      feedId: 'QCYJTEST0001',
      rowCount: 6,
      added: 0,
      enterpriseNos: [],
      errors: expectedErrors,
      message: '校验未通过，未导入任何数据：共6条，其中5条有误',
    });
    const imported = await importFeed(upload('clearPosition', text));
    expect(imported).toMatchObject({ outcome: 'rejected', added: 0, errors: expectedErrors });
    expect(await snapshot()).toBe(before);
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'warning.import').orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: 'failure', detail: { feedId: 'QCYJTEST0001', reason: '文件校验未通过', errorCount: 5 } });

    // A file of another kind, an empty one, and a file that is no CSV are refused before any row is read.
    await refused(api.custodianWarningImport, upload('newSharePayment', text), 'staff', 400, '该文件为“清仓预警”数据，与所选类型“新股缴款提醒”不符');
    await refused(api.custodianWarningImport, upload('clearPosition', `${header}\n`), 'staff', 400, '文件中没有预警数据');
    await refused(api.custodianWarningImport, upload('clearPosition', text, false, 'feed.txt'), 'staff', 400, CSV_FORMAT_MESSAGE);
    await refused(api.custodianWarningImport, { ...upload('clearPosition', text), kind: 'risk' }, 'staff', 400, '预警类型须为clearPosition、preCleaning或newSharePayment');
    expect(await snapshot()).toBe(before);
  });

  it('imports a GBK feed, is idempotent by feed id, and refuses the id with other content', async () => {
    const [a, b] = own;
    const line = (feedId: string, accountNo: string, enterpriseNo: string, stockCode: string, quantity: number, price: string, deadline: string) =>
      Buffer.concat([Buffer.from(`\r\n${feedId},${enterpriseNo},${accountNo},${stockCode},`), GBK_NAME, Buffer.from(`,SH,${quantity},${price},${deadline}`)]);
    expect(new TextDecoder('gb18030').decode(GBK_HEADER)).toBe(FEED_COLUMNS.newSharePayment.join(','));
    const file = Buffer.concat([
      GBK_HEADER,
      line('XGJKTEST0001', a!.account_no, OWN, '688998', 1500, '27.46', dayOffset(2)),
      line('XGJKTEST0001', b!.account_no, OWN, '688998', 500, '27.46', dayOffset(2)),
      line('XGJKTEST0001', other.account_no, OTHER, '688998', 2000, '27.46', dayOffset(2)),
      Buffer.from('\r\n'),
    ]);
    const before = await snapshot();
    const shares = { own: (await counts('demo')).shareCount!, other: (await counts('other')).shareCount! };
    const inbox = async (who: string) => (await ok<{ records: Message[] }>(messagesApi.messageQuery, { kind: 'warning', limit: 100 }, who)).records.filter((m) => m.title.endsWith('条新股缴款提醒'));
    const heard = { demo: (await inbox('demo')).length, other: (await inbox('other')).length, bare: (await inbox('bare')).length };

    const preview = await importFeed(upload('newSharePayment', file, true, '新股缴款提醒.csv'));
    expect(preview).toMatchObject({ outcome: 'valid', feedId: 'XGJKTEST0001', rowCount: 3, added: 0, enterpriseNos: [OWN, OTHER], errors: [] });
    expect(await snapshot()).toBe(before);

    const imported = await importFeed(upload('newSharePayment', file, false, '新股缴款提醒.csv'));
    expect(imported).toEqual({
      outcome: 'imported',
      kind: 'newSharePayment',
      feedId: 'XGJKTEST0001',
      rowCount: 3,
      added: 3,
      enterpriseNos: [OWN, OTHER],
      errors: [],
      message: '导入成功：共3条，涉及2家企业',
    });
    expect((await counts('demo')).shareCount).toBe(shares.own + 2);
    expect((await counts('other')).shareCount).toBe(shares.other + 1);
    // 消息中心: one notification per enterprise and import (not per row), to the seats that read warnings.
    expect((await inbox('demo')).slice(0, (await inbox('demo')).length - heard.demo)).toEqual([
      expect.objectContaining({ title: '新增2条新股缴款提醒', link: '/warningInfo/NewSharePaymentReminder/index', readAt: null }),
    ]);
    expect((await inbox('other')).length - heard.other).toBe(1);
    expect((await inbox('other'))[0]!.title).toBe('新增1条新股缴款提醒');
    expect((await inbox('bare')).length).toBe(heard.bare);
    const mine = await ok<{ records: NewSharePaymentRecord[] }>(api.newSharePaymentQuery, { accountNo: a!.account_no, limit: 100 }, 'demo');
    expect(mine.records.find((r) => r.stockCode === '688998')).toMatchObject({
      stockName: '测试新材',
      market: 'SH',
      quantity: 1500,
      issuePrice: '27.4600',
      amountPayable: '41190.00',
      paymentDeadline: dayOffset(2),
      status: '0',
      feedId: 'XGJKTEST0001',
      overdue: false,
    });
    const feeds = await ok<{ records: WarningFeed[] }>(api.custodianWarningFeedQuery, { kind: 'newSharePayment' }, 'staff');
    expect(feeds.records[0]).toMatchObject({ feedId: 'XGJKTEST0001', fileName: '新股缴款提醒.csv', rowCount: 3, enterpriseCount: 2, importedByUserNo: 'S900000002' });
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'warning.import').orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: 'success', detail: { feedId: 'XGJKTEST0001', rowCount: 3, enterpriseNos: [OWN, OTHER] } });

    // The same file again adds nothing and says so.
    const after = await snapshot();
    const again = await importFeed(upload('newSharePayment', file, false, '再次上传.csv'));
    expect(again).toMatchObject({ outcome: 'duplicate', added: 0, enterpriseNos: [], errors: [] });
    expect(again.message).toMatch(/^批次XGJKTEST0001已于\d{4}-\d{2}-\d{2} \d{2}:\d{2}导入，本次未新增数据$/);
    expect(await snapshot()).toBe(after);
    expect((await inbox('demo')).length).toBe(heard.demo + 1);

    // The same feed id with other content, or for another kind, is refused.
    const changed = Buffer.concat([GBK_HEADER, line('XGJKTEST0001', a!.account_no, OWN, '688997', 1000, '10.00', dayOffset(2))]);
    const { json } = await call(api.custodianWarningImport, upload('newSharePayment', changed), 'staff');
    expect(json.returnMsg).toMatch(/^批次号XGJKTEST0001已于.+导入，本次文件内容与之不同，未导入。如需更正请使用新的批次号$/);
    const preHeader = FEED_COLUMNS.preCleaning.join(',');
    await refused(api.custodianWarningImport, upload('preCleaning', `${preHeader}\nXGJKTEST0001,${OWN},${a!.account_no},${today},SH,1.00,2.00`), 'staff', 400, '批次号XGJKTEST0001已用于新股缴款提醒数据，请核对文件');
    // A warning already imported under another feed id is a row error.
    const other2 = Buffer.concat([GBK_HEADER, line('XGJKTEST0002', a!.account_no, OWN, '688998', 1500, '27.46', dayOffset(2))]);
    expect(await importFeed(upload('newSharePayment', other2))).toMatchObject({
      outcome: 'rejected',
      errors: [{ rowNo: 2, accountNo: a!.account_no, reason: '该预警已由批次XGJKTEST0001导入' }],
    });
    // quantity × price with a fraction of a cent cannot be paid.
    const fraction = Buffer.concat([GBK_HEADER, line('XGJKTEST0003', a!.account_no, OWN, '688996', 3, '0.3333', dayOffset(2))]);
    expect((await importFeed(upload('newSharePayment', fraction))).errors[0]!.reason).toBe('应缴金额（配售数量×发行价格）须为整分且不超过17位整数');
    expect(await snapshot()).toBe(after);
  });

  it('tells the open streams of the enterprises given new warnings, and nobody else', async () => {
    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const stream = async (who: string) => {
      const ticket = ((await call('/events/ticket', {}, who)).data as { ticket: string }).ticket;
      return openSse(origin, `/pmobile/events/stream?ticket=${ticket}`);
    };
    const [mine, theirs] = [await stream('demo'), await stream('other')];
    try {
      const header = FEED_COLUMNS.preCleaning.join(',');
      const result = await importFeed(upload('preCleaning', `${header}\nYQSEVENT0001,${OWN},${own[0]!.account_no},${dayOffset(9)},BJ,5000.00,1000.00`));
      expect(result.outcome).toBe('imported');
      expect(await mine.next()).toMatchObject({ kind: 'warning.imported', ids: ['preCleaning'], counts: { added: 1 } });
      // The seat reads warnings: its 消息中心 notification follows.
      expect(await mine.next()).toMatchObject({ kind: 'message.new' });
      // A feed's repeat adds nothing and tells nobody.
      expect((await importFeed(upload('preCleaning', `${header}\nYQSEVENT0001,${OWN},${own[0]!.account_no},${dayOffset(9)},BJ,5000.00,1000.00`))).outcome).toBe('duplicate');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mine.events.map((e) => e.kind)).toEqual(['warning.imported', 'message.new']);
      expect(theirs.events).toHaveLength(0);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('passes the preview with the sample feeds of docs/feeds against the demo register', async () => {
    for (const [kind, file] of [
      ['clearPosition', 'clear-position-sample.csv'],
      ['preCleaning', 'pre-cleaning-sample.csv'],
      ['newSharePayment', 'new-share-payment-sample.csv'],
    ] as const) {
      const bytes = await readFile(new URL(`../../../../../docs/feeds/${file}`, import.meta.url));
      expect(await importFeed(upload(kind, bytes, true, file)), file).toMatchObject({ outcome: 'valid', errors: [], enterpriseNos: [OWN, OTHER] });
    }
  });

  it('shows staff one kind across every enterprise', async () => {
    const page = await ok<{ records: WarningRecord[]; total: number }>(api.custodianWarningQuery, { kind: 'preCleaning', limit: 100 }, 'staff');
    const inDb = await db().selectFrom('pre_cleaning_reminders').select('enterprise_no').execute();
    expect(page.total).toBe(inDb.length);
    expect(new Set(page.records.map((r) => r.enterpriseNo))).toEqual(new Set([OWN, OTHER]));
    const theirs = await ok<{ records: WarningRecord[]; total: number }>(api.custodianWarningQuery, { kind: 'preCleaning', enterpriseNo: OTHER, limit: 100 }, 'staff');
    expect(theirs.total).toBe(inDb.filter((r) => r.enterprise_no === OTHER).length);
    expect(theirs.records.every((r) => r.enterpriseNo === OTHER && r.enterpriseName === '中泰安盛人寿保险股份有限公司')).toBe(true);
  });

  it('downloads the filtered list as xlsx that reads back', async () => {
    const { data, json } = await call(api.preCleaningDownload, { status: '1' }, 'demo');
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe(`预清算提醒_${today.replace(/-/g, '')}.xlsx`);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('demo')}` } });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('预清算提醒');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['账号', '账户名称', '清算日期', '市场', '币种', '应付金额', '可用余额', '资金缺口', '状态', '处理人', '处理时间', '处理说明']);
    const rows = await db()
      .selectFrom('pre_cleaning_reminders')
      .select(['account_no', sql<string>`amount_due::text`.as('due'), sql<string>`shortfall::text`.as('shortfall')])
      .where('enterprise_no', '=', OWN)
      .where('status', '=', '1')
      .orderBy('settle_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(sheet.actualRowCount).toBe(rows.length + 1);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(rows[0]!.account_no);
    expect(first.getCell(6).value).toBe(Number(rows[0]!.due));
    expect(first.getCell(8).value).toBe(Number(rows[0]!.shortfall));
    expect(first.getCell(9).value).toBe('已处理');
    await refused(api.preCleaningDownload, { dateFrom: today, dateTo: dayOffset(-3) }, 'demo', 400, '开始日期不能晚于结束日期');
  });
});
