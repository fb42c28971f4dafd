import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { CASH_FEED_COLUMNS, RETURN_CODES, cashApi, type ReconcileItem, type CashAccount, type CashFeed, type CashImportResult, type CashStatement } from '@portal/shared';
import { pdfUnicodeText } from '../../helpers/pdf-text';
import { serverUnderTest } from '../../helpers/server-under-test';

const OWN = '1000000001';
const OTHER = '1000000002';
const THIRD = '2000000001';
const api = cashApi;
const HEADER = CASH_FEED_COLUMNS.join(',');

/** A camt.053.001.08 message of one statement. */
function camt(msgId: string, accountNo: string, date: string, opening: string, closing: string, entries: { ref: string; dir: 'CRDT' | 'DBIT'; amount: string; instr?: string; name?: string }[], ns = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08') {
  const bal = (code: string, amount: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CNY">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const ntry = entries
    .map(
      (e) => `<Ntry><NtryRef>${e.ref}</NtryRef><Amt Ccy="CNY">${e.amount}</Amt><CdtDbtInd>${e.dir}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>
  <NtryDtls><TxDtls>${e.instr ? `<Refs><InstrId>${e.instr}</InstrId></Refs>` : ''}<RltdPties><${e.dir === 'DBIT' ? 'Cdtr' : 'Dbtr'}><Pty><Nm>${e.name ?? '上海浦江资产管理有限公司'}</Nm></Pty></${e.dir === 'DBIT' ? 'Cdtr' : 'Dbtr'}></RltdPties><RmtInf><Ustrd>测试摘要</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${ns}"><BkToCstmrStmt><GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>${date}T20:00:00+08:00</CreDtTm></GrpHdr>
<Stmt><Id>S-${accountNo}-${date}</Id><Acct><Id><Othr><Id>${accountNo}</Id></Othr></Id><Ccy>CNY</Ccy></Acct>${bal('OPBD', opening)}${bal('CLBD', closing)}
${ntry}</Stmt></BkToCstmrStmt></Document>`;
}

describe('cash statements: import (CSV and camt.053), statements, scope and download', () => {
  const LOGINS = { staff: 'custcheck', tp: 'tpconfirm' };
  const { app, client, db, asUser, call, ok, refused, audits, counts: reminders } = serverUnderTest({}, { logins: LOGINS });
  const upload = (text: string, fileName: string, preview = false) => ({ fileName, preview, content: Buffer.from(text, 'utf8').toString('base64') });
  const importFile = (text: string, fileName = 'cash.csv', preview = false) => ok<CashImportResult>(api.custodianCashImport, upload(text, fileName, preview), 'staff');
  const counts = async () => JSON.stringify(await Promise.all((['cash_feeds', 'cash_days', 'cash_entries'] as const).map(async (t) => Number((await db().selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n))));

  let own: string;
  let own2: string;
  let other: string;
  let overseen: string;

  beforeAll(async () => {
    const accounts = (enterpriseNo: string) => db().selectFrom('custody_accounts').select('account_no').where('enterprise_no', '=', enterpriseNo).orderBy('account_no').execute();
    [own, own2] = (await accounts(OWN)).map((a) => a.account_no) as [string, string];
    other = (await accounts(OTHER))[0]!.account_no;
    overseen = (await db().selectFrom('custody_accounts').select('account_no').where('third_party_enterprise_no', '=', THIRD).executeTakeFirstOrThrow()).account_no;
    for (const who of ['demo', 'checker', 'staff', 'tp']) await asUser(who);
  });

  it('seeds 90 days of statements whose days balance, with executed instructions as entries', async () => {
    const wrong = await sql<{ n: number }>`select count(*)::int as n from cash_days d where d.opening + coalesce((select sum(case when e.direction = 'C' then e.amount else -e.amount end)
      from cash_entries e where e.account_no = d.account_no and e.booking_date = d.statement_date and e.feed_id is not null), 0) <> d.closing`.execute(db());
    expect(wrong.rows[0]!.n).toBe(0);
    const enterprises = await db().selectFrom('cash_days as d').innerJoin('custody_accounts as c', 'c.account_no', 'd.account_no').select('c.enterprise_no').distinct().execute();
    expect(enterprises.map((e) => e.enterprise_no)).toEqual(expect.arrayContaining([OWN, OTHER]));
    const linked = await db().selectFrom('cash_entries').select(['instruction_no', 'feed_id']).where('instruction_no', 'is not', null).execute();
    expect(linked.some((e) => e.feed_id !== null)).toBe(true);
    const accounts = await ok<CashAccount[]>(api.cashAccountQuery, {}, 'tp');
    const seeded = await db().selectFrom('cash_days').select('account_no').where('account_no', 'in', accounts.map((a) => a.accountNo)).limit(1).execute();
    expect(seeded).toHaveLength(1);
    // Answers in every state, each kept with a signature that verifies.
    const answers = await db().selectFrom('cash_reconciliations').selectAll().execute();
    expect(new Set(answers.map((a) => `${a.result}:${a.reply === null}`))).toEqual(new Set(['match:true', 'mismatch:true', 'mismatch:false']));
    for (const a of answers.slice(0, 3)) expect(await c.sm2Verify(a.device_key, c.utf8Encode(a.sign_data), c.fromBase64(a.sign_msg))).toBe(true);
    expect((await ok<ReconcileItem[]>(api.cashReconcileQuery, { status: 'due' }, 'checker')).length).toBeGreaterThan(0);
  });

  it('imports a CSV all or nothing, once, and lists every wrong line with its reason', async () => {
    const good = [
      HEADER,
      `CSTEST000001,${own},2025-03-03,CNY,1000000.00,1250000.00,R0001,贷,300000,2025-03-03,华安证券股份有限公司,31050161373700001234,申购款,`,
      `CSTEST000001,${own},2025-03-03,CNY,1000000.00,1250000.00,R0002,借,50000.00,2025-03-03,上海浦江资产管理有限公司,6222000011112222,管理费,`,
      `CSTEST000001,${own},2025-03-04,CNY,1250000.00,1250000.00,,,,,,,,`,
    ].join('\n');
    const before = await counts();
    const preview = await importFile(good, 'cash.csv', true);
    expect(preview).toMatchObject({ outcome: 'valid', feedId: 'CSTEST000001', dayCount: 2, entryCount: 2, enterpriseNos: [OWN] });
    expect(await counts()).toBe(before);
    const done = await importFile(good);
    expect(done).toMatchObject({ outcome: 'imported', dayCount: 2, entryCount: 2 });
    // The same file again adds nothing; the same batch with other content is refused.
    expect(await importFile(good)).toMatchObject({ outcome: 'duplicate' });
    const afterImport = await counts();
    await refused(api.custodianCashImport, upload(good.replace('管理费', '托管费'), 'cash.csv'), 'staff', 400);
    expect(await counts()).toBe(afterImport);

    // Every wrong line at once, nothing written.
    const bad = [
      HEADER,
      `CSTEST000002,${own},2025-03-05,CNY,1250000.00,1250000.00,R0003,贷,abc,2025-03-05,,,,`,
      `CSTEST000002,123,2025-03-05,CNY,1.00,1.00,,,,,,,,`,
      `CSTEST000002,${other},2025-03-05,USD,0,0,,,,,,,,`,
      `CSTEST000002,${own},2025-03-04,CNY,1250000.00,1250000.00,,,,,,,,`,
      `CSTEST000002,${own2},2025-03-05,CNY,100.00,90.00,R0009,贷,10,2025-03-05,,,,`,
    ].join('\n');
    const rejected = await importFile(bad);
    expect(rejected.outcome).toBe('rejected');
    // Format errors and the register's answers together: every wrong line at once.
    expect(rejected.errors.map((e) => e.rowNo)).toEqual([2, 3, 4, 5]);
    expect(rejected.errors.map((e) => e.reason)).toEqual([
      expect.stringContaining('金额须为大于0的数'),
      expect.stringContaining('账号须为12到22位数字'),
      expect.stringContaining('与账户币种CNY不符'),
      expect.stringContaining('已由批次CSTEST000001导入'),
    ]);
    // A day whose entries do not lead from its opening to its closing balance.
    const unbalanced = await importFile([HEADER, bad.split('\n')[5]!].join('\n'));
    expect(unbalanced.errors).toEqual([{ rowNo: 2, accountNo: own2, reason: '2025-03-05期初余额100.00加贷方减借方发生额应为110.00，与期末余额90.00不符' }]);
    expect(await counts()).toBe(afterImport);
    expect((await audits('cash.import')).map((a) => a.outcome)).toEqual(expect.arrayContaining(['success', 'failure']));
  });

  it('refuses a file whose header is not the declared layout, naming each difference', async () => {
    const renamed = HEADER.replace('对方户名', '对手方名称');
    const { json } = await call(api.custodianCashImport, upload(`${renamed}\nCSTEST000004,${own},2025-03-06,CNY,1,1,,,,,,,,`, 'cash.csv'), 'staff');
    expect(json.returnMsg).toBe('文件格式与资金对账单 1.0 版不符：第11列应为「对方户名」，文件中为「对手方名称」');
    const moved = ['账号', '批次号', ...CASH_FEED_COLUMNS.slice(2)].join(',');
    const second = await call(api.custodianCashImport, upload(`${moved}\n`, 'cash.csv'), 'staff');
    expect(second.json.returnMsg).toContain('应在第');
  });

  it('reads camt.053.001.08, matches the entry an executed instruction wrote instead of doubling it, and refuses another version', async () => {
    // An instruction of OWN executed: its entry is written at once, without a statement yet.
    const instruction = await db().selectFrom('instructions').select(['id', 'instruction_no', 'payer_account_no', 'amount']).where('enterprise_no', '=', OWN).where('status', '<>', '60').orderBy('id').executeTakeFirstOrThrow();
    const paid = instruction.payer_account_no;
    await db().updateTable('instructions').set({ status: '60', updated_at: new Date('2025-03-10T03:00:00Z') }).where('id', '=', instruction.id).execute();
    const written = await db().selectFrom('cash_entries').selectAll().where('instruction_no', '=', instruction.instruction_no).execute();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ source: 'instruction', feed_id: null, direction: 'D', account_no: paid });
    const amount = Number(instruction.amount).toFixed(2);
    const opening = '5000000.00';
    const closing = (5_000_000 + 1000 - Number(amount)).toFixed(2);
    const xml = camt('CAMT20250310', paid, '2025-03-10', opening, closing, [
      { ref: 'N0001', dir: 'CRDT', amount: '1000.00', name: '银华基金管理股份有限公司' },
      { ref: 'N0002', dir: 'DBIT', amount, instr: instruction.instruction_no },
    ]);
    await refused(api.custodianCashImport, upload(xml.replace('camt.053.001.08', 'camt.053.001.02'), 'stmt.xml'), 'staff', 400);
    const result = await importFile(xml, 'stmt.xml');
    expect(result).toMatchObject({ outcome: 'imported', format: 'camt.053.001.08', matched: 1, entryCount: 2 });
    const after = await db().selectFrom('cash_entries').selectAll().where('instruction_no', '=', instruction.instruction_no).execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ ref: 'N0002', source: 'instruction' });
    expect(after[0]!.feed_id).not.toBeNull();
    expect(await importFile(xml, 'stmt.xml')).toMatchObject({ outcome: 'duplicate' });

    // A wrong entry is listed by its number in the file.
    const wrong = await importFile(camt('CAMT20250311', paid, '2025-03-11', closing, closing, [{ ref: 'N0003', dir: 'DBIT', amount: '10.00', instr: 'NOSUCH0001' }]), 'stmt.xml');
    expect(wrong.outcome).toBe('rejected');
    expect(wrong.errors.map((e) => e.reason).join()).toContain('不符');

    // The statement shows the entry with its instruction, so the payment is followed from one to the other.
    const statement = await ok<CashStatement>(api.cashStatementQuery, { accountNo: paid, dateFrom: '2025-03-01', dateTo: '2025-03-31' }, 'demo');
    const linked = statement.entries.find((e) => e.instructionNo === instruction.instruction_no)!;
    expect(linked).toMatchObject({ instructionId: instruction.id, source: 'feed', direction: 'D', balance: closing });
  });

  it('states opening and closing balances, entries with running balances and totals, to the session’s enterprise and overseers only', async () => {
    const s = await ok<CashStatement>(api.cashStatementQuery, { accountNo: own, dateFrom: '2025-03-03', dateTo: '2025-03-04' }, 'demo');
    expect(s).toMatchObject({ opening: '1000000.00', closing: '1250000.00', totalCredit: '300000.00', totalDebit: '50000.00', creditCount: 1, debitCount: 1, daysLoaded: 2, daysInPeriod: 2 });
    expect(s.entries.map((e) => e.balance)).toEqual(['1300000.00', '1250000.00']);
    // A period with no statement day takes the last closing before it.
    const later = await ok<CashStatement>(api.cashStatementQuery, { accountNo: own, dateFrom: '2025-03-05', dateTo: '2025-03-08' }, 'demo');
    expect(later).toMatchObject({ opening: '1250000.00', closing: '1250000.00', entries: [] });

    await refused(api.cashStatementQuery, { accountNo: other, dateFrom: '2025-03-01', dateTo: '2025-03-31' }, 'demo', 400, api.CASH_STATEMENT_MESSAGES.unknownAccount);
    await refused(api.cashStatementQuery, { accountNo: own, dateFrom: '2025-03-31', dateTo: '2025-03-01' }, 'demo', 400, api.CASH_STATEMENT_MESSAGES.dateOrder);
    await refused(api.cashStatementQuery, { accountNo: own, dateFrom: '2024-01-01', dateTo: '2025-03-01' }, 'demo', 400, api.CASH_STATEMENT_MESSAGES.tooLong);
    const mine = await ok<CashAccount[]>(api.cashAccountQuery, {}, 'demo');
    expect(mine.every((a) => a.enterpriseNo === OWN && a.relation === 'own')).toBe(true);
    // The third-party institution reads the accounts it oversees, and no other.
    const overseer = await ok<CashAccount[]>(api.cashAccountQuery, {}, 'tp');
    expect(overseer.map((a) => a.accountNo)).toContain(overseen);
    expect(overseer.every((a) => a.relation === 'thirdParty')).toBe(true);
    await ok<CashStatement>(api.cashStatementQuery, { accountNo: overseen, dateFrom: '2025-03-01', dateTo: '2025-03-31' }, 'tp');
    await refused(api.cashStatementQuery, { accountNo: own === overseen ? own2 : own, dateFrom: '2025-03-01', dateTo: '2025-03-31' }, 'tp', 400);
    // Customers cannot import; staff read the feeds.
    await refused(api.custodianCashImport, upload(`${HEADER}\n`, 'cash.csv'), 'demo', 403);
    const feeds = await ok<{ records: CashFeed[]; total: number }>(api.custodianCashFeedQuery, { limit: 10 }, 'staff');
    expect(feeds.records.map((f) => f.feedId)).toEqual(expect.arrayContaining(['CSTEST000001', 'CAMT20250310']));
  });

  it('downloads the statement as xlsx with its balances and totals', async () => {
    const { data, json } = await call(api.cashStatementDownload, { accountNo: own, dateFrom: '2025-03-03', dateTo: '2025-03-04' }, 'demo');
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe(`资金对账单_${own}_20250303-20250304.xlsx`);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('demo')}` } });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(3).value).toBe('期初余额');
    expect(sheet.getRow(2).getCell(7).value).toBe(1_000_000);
    expect(sheet.getRow(sheet.rowCount).getCell(7).value).toBe(1_250_000);
    expect((await audits('cash.download')).length).toBe(1);
  });

  it('streams a download above the screen’s cap month by month, the running balance and totals carried across months', async () => {
    // 5,100 entries over three months (Apr–Jun 2024) on an account of its own: the screen refuses, the xlsx carries them all.
    const { id: feed } = await db().selectFrom('cash_feeds').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db().insertInto('cash_days').values({ account_no: own2, statement_date: '2024-04-01', feed_id: feed, currency: 'CNY', opening: '1000.00', closing: '1000.00' }).execute();
    const entries = Array.from({ length: 5_100 }, (_, i) => ({
      account_no: own2,
      enterprise_no: OWN,
      booking_date: new Date(Date.UTC(2024, 3, 1) + Math.floor(i / 60) * 86_400_000).toISOString().slice(0, 10),
      value_date: '2024-04-01',
      direction: i % 3 === 0 ? ('D' as const) : ('C' as const),
      amount: '1.00',
      currency: 'CNY',
      counterparty_name: '上海浦江资产管理有限公司',
      counterparty_account: '310066000000001',
      summary: '申购款',
      ref: `BIG${i}`,
      feed_id: feed,
      row_no: i,
      source: 'feed' as const,
    }));
    for (let at = 0; at < entries.length; at += 1_000) await db().insertInto('cash_entries').values(entries.slice(at, at + 1_000)).execute();
    const period = { accountNo: own2, dateFrom: '2024-04-01', dateTo: '2024-06-30' };
    await refused(api.cashStatementQuery, period, 'demo', 400, api.CASH_STATEMENT_MESSAGES.tooMany(5_100));
    const { data, json } = await call(api.cashStatementDownload, period, 'demo');
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${(data as { ticket: string }).ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('demo')}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Header, opening, 5,100 entries, totals, closing.
    expect(sheet.rowCount).toBe(1 + 1 + 5_100 + 2);
    const credits = 5_100 - 1_700;
    expect(sheet.getRow(5_102).getCell(7).value).toBe(1_000 + credits - 1_700);
    expect(sheet.getRow(5_103).getCell(3).value).toBe(`本期合计（贷${credits}笔，借1700笔）`);
    expect(sheet.getRow(5_103).getCell(5).value).toBe(credits);
  });

  it('downloads the statement as PDF, its account name and balances in an embedded Chinese font', async () => {
    const { data, json } = await call(api.cashStatementPdf, { accountNo: own, dateFrom: '2025-03-03', dateTo: '2025-03-04' }, 'demo');
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe(`资金对账单_${own}_20250303-20250304.pdf`);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('demo')}` } });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfUnicodeText(pdf);
    for (const ch of '资金对账单期初余额期末余额') expect(text).toContain(ch);
    expect((await audits('cash.download')).map((e) => (e.detail as { format: string }).format)).toContain('pdf');
  });

  describe('电子对账', () => {
    const M = api.RECONCILE_MESSAGES;
    const items = (who = 'checker', status?: string) => ok<ReconcileItem[]>(api.cashReconcileQuery, status ? { status } : {}, who);
    /** The answer's body for `item`, with the statement the server holds. */
    const answer = async (item: ReconcileItem, result: 'match' | 'mismatch', extra: { entryIds?: number[]; reason?: string } = {}) => {
      const s = await ok<CashStatement>(api.cashStatementQuery, { accountNo: item.accountNo, dateFrom: item.periodStart, dateTo: item.periodEnd }, 'checker');
      return { accountNo: item.accountNo, periodStart: item.periodStart, periodEnd: item.periodEnd, result, opening: s.opening, closing: s.closing, entryCount: s.entries.length, entryIds: extra.entryIds ?? [], reason: extra.reason ?? '', statement: s };
    };
    const body = ({ statement: _s, ...rest }: Awaited<ReturnType<typeof answer>>) => rest;

    it('confirms a period as 相符, signed over the statement the server holds, and keeps the signature', async () => {
      const due = (await items('checker', 'due')).filter((i) => i.enterpriseNo === OWN);
      expect(due.length).toBeGreaterThan(1);
      const before = await reminders('checker');
      expect(before.reconcileCount).toBe(due.length);
      const item = due[0]!;
      const a = await answer(item, 'match');
      // Signed over other balances than the server's: refused, nothing kept.
      const tampered = await refused(api.cashReconcile, { ...body(a), closing: '1.00' }, 'checker', 400);
      expect(tampered.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      // A maker reads statements but does not answer them.
      await refused(api.cashReconcile, body(a), 'demo', 403);
      const done = await ok<ReconcileItem>(api.cashReconcile, body(a), 'checker');
      expect(done).toMatchObject({ status: 'match', reconciliation: { result: 'match', opening: a.opening, closing: a.closing, entryCount: a.entryCount, signedByUserNo: 'U100000102' } });
      const row = await db().selectFrom('cash_reconciliations').selectAll().where('id', '=', done.reconciliation!.id).executeTakeFirstOrThrow();
      expect(row.sign_data).toMatch(new RegExp(`^CashReconcile\\|${item.accountNo}\\|${item.periodStart}\\|${item.periodEnd}\\|match\\|`));
      expect(await c.sm2Verify(row.device_key, c.utf8Encode(row.sign_data), c.fromBase64(row.sign_msg))).toBe(true);
      expect((await reminders('checker')).reconcileCount).toBe(due.length - 1);
      await refused(api.cashReconcile, body(a), 'checker', 400, M.done);
      // Only an ended period of the enterprise's calendar.
      await refused(api.cashReconcile, { ...body(a), periodEnd: item.periodEnd.slice(0, 8) + '15' }, 'checker', 400, M.notPeriod);
      await refused(api.cashReconcile, { ...body(a), accountNo: other }, 'checker', 400, api.CASH_STATEMENT_MESSAGES.unknownAccount);
      expect((await audits('cash.reconcile')).map((x) => x.outcome)).toEqual(expect.arrayContaining(['success', 'failure']));
    });

    it('reports a mismatch with its lines and a reason, which staff chase and answer, and the enterprise reads the answer', async () => {
      const item = (await items('checker', 'due')).find((i) => i.enterpriseNo === OWN)!;
      const a = await answer(item, 'mismatch', { reason: '管理费金额与我方账簿不一致' });
      const entry = a.statement.entries[0]!;
      await refused(api.cashReconcile, { ...body(a), reason: '' }, 'checker', 400, M.reasonRequired);
      await refused(api.cashReconcile, { ...body(a), entryIds: [999_999_999] }, 'checker', 400, M.unknownEntries([999_999_999]));
      const reported = await ok<ReconcileItem>(api.cashReconcile, { ...body(a), entryIds: [entry.id] }, 'checker');
      expect(reported).toMatchObject({ status: 'mismatch', reconciliation: { entryIds: [entry.id], reason: '管理费金额与我方账簿不一致', reply: null } });

      type StaffPage = { records: ReconcileItem[]; total: number; summary: { due: number; match: number; mismatch: number } };
      const page = await ok<StaffPage>(api.custodianReconcileQuery, { limit: 100 }, 'staff');
      expect(page.summary.mismatch).toBeGreaterThan(0);
      // The late ones first, the longest waiting first.
      const dueDays = page.records.filter((r) => r.status === 'due').map((r) => r.daysOverdue);
      expect(page.records[0]!.status).toBe('due');
      expect(dueDays).toEqual([...dueDays].sort((x, y) => y - x));
      const mismatches = await ok<StaffPage>(api.custodianReconcileQuery, { status: 'mismatch', enterpriseNo: OWN, limit: 100 }, 'staff');
      expect(mismatches.records.map((r) => r.reconciliation!.id)).toContain(reported.reconciliation!.id);
      await refused(api.custodianReconcileReply, { id: reported.reconciliation!.id, reply: '已核实' }, 'checker', 403);
      const replied = await ok<ReconcileItem>(api.custodianReconcileReply, { id: reported.reconciliation!.id, reply: '经核实为10月管理费计提差异，已于11月调整，请以调整后余额为准。' }, 'staff');
      expect(replied.reconciliation).toMatchObject({ reply: '经核实为10月管理费计提差异，已于11月调整，请以调整后余额为准。', repliedByUserNo: expect.any(String) });
      await refused(api.custodianReconcileReply, { id: reported.reconciliation!.id, reply: '再次答复' }, 'staff', 400, M.replied);
      const matched = (await items()).find((i) => i.status === 'match')!;
      await refused(api.custodianReconcileReply, { id: matched.reconciliation!.id, reply: '答复' }, 'staff', 400, M.notMismatch);
      const seen = (await items()).find((i) => i.reconciliation?.id === reported.reconciliation!.id)!;
      expect(seen.reconciliation!.reply).toContain('管理费计提差异');
    });

    it('follows the calendar staff set: quarterly periods for an enterprise set so', async () => {
      await ok(api.custodianReconcileCalendar, { enterpriseNo: OTHER, frequency: 'quarterly' }, 'staff');
      const page = await ok<{ records: ReconcileItem[] }>(api.custodianReconcileQuery, { enterpriseNo: OTHER, limit: 100 }, 'staff');
      expect(page.records.length).toBeGreaterThan(0);
      expect(page.records.every((r) => r.frequency === 'quarterly' && ['01', '04', '07', '10'].includes(r.periodStart.slice(5, 7)))).toBe(true);
      await refused(api.custodianReconcileCalendar, { enterpriseNo: '9999999999', frequency: 'monthly' }, 'staff', 400);
    });
  });
});
