import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { RETURN_CODES, bulkImportApi, type ImportRecord, type ImportTrialResult } from '@portal/shared';
import { BUSINESS_TODAY, DEMO_DAYS, businessTimeAt } from '../../helpers/business-day';
import { readImportFile } from '../../../src/modules/bulk-import/import-file';
import { serverUnderTest } from '../../helpers/server-under-test';

const api = bulkImportApi;
const OWN = '1000000001';
const OTHER = '1000000002';
/** This file's accounts: a usable one, one with little money, one the maker may not enter on, another enterprise's. */
const ACC = '622299000000000071';
const ACC_LOW = '622299000000000072';
const ACC_NO_RIGHT = '622299000000000073';
const ACC_OTHER = '622299000000000074';
const CNAPS = '102100000030';
const HEADERS = api.IMPORT_COLUMNS.map((col) => col.header);

type Row = Partial<Record<(typeof api.IMPORT_COLUMNS)[number]['field'], string | number>>;
const row = (over: Row = {}): Row => ({
  type: '划款',
  payerAccountNo: ACC,
  payeeName: '华夏基金管理有限公司',
  payeeAccountNo: '0200001409026401234',
  payeeBank: '中国工商银行北京市分行营业部',
  payeeCnaps: CNAPS,
  amount: '1000.00',
  currency: '人民币',
  valueDate: BUSINESS_TODAY,
  purpose: '申购款划付',
  remark: '',
  endToEndId: '',
  ...over,
});

async function xlsx(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('付款明细');
  sheet.addRow(HEADERS);
  for (const r of rows) sheet.addRow(api.IMPORT_COLUMNS.map((col) => r[col.field] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface Payment {
  endToEndId: string;
  amount: string;
  payee: string;
  account: string;
  cnaps: string;
}
function pain001(payer: string, payments: Payment[], extra = ''): Buffer {
  const txs = payments
    .map(
      (p) => `<CdtTrfTxInf><PmtId><InstrId>I-${p.endToEndId}</InstrId><EndToEndId>${p.endToEndId}</EndToEndId></PmtId><Amt><InstdAmt Ccy="CNY">${p.amount}</InstdAmt></Amt>
<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>CNAPS</Cd></ClrSysId><MmbId>${p.cnaps}</MmbId></ClrSysMmbId><Nm>中国工商银行北京市分行营业部</Nm></FinInstnId></CdtrAgt>
<Cdtr><Nm>${p.payee}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>${p.account}</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>赎回款划付</Ustrd></RmtInf></CdtTrfTxInf>`,
    )
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>${extra}
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>MSG-${payments[0]?.endToEndId ?? 'X'}</MsgId><CreDtTm>2026-11-27T09:00:00</CreDtTm><NbOfTxs>${payments.length}</NbOfTxs><InitgPty><Nm>测试基金</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>PMT-1</PmtInfId><PmtMtd>TRF</PmtMtd><PmtTpInf><CtgyPurp><Prtry>03</Prtry></CtgyPurp></PmtTpInf><ReqdExctnDt><Dt>${BUSINESS_TODAY}</Dt></ReqdExctnDt>
<Dbtr><Nm>测试基金</Nm></Dbtr><DbtrAcct><Id><Othr><Id>${payer}</Id></Othr></Id></DbtrAcct><DbtrAgt><FinInstnId><Nm>托管行</Nm></FinInstnId></DbtrAgt>
${txs}
</PmtInf></CstmrCdtTrfInitn></Document>`,
    'utf8',
  );
}

const file = (fileName: string, bytes: Buffer) => ({ fileName, content: bytes.toString('base64') });
const sm3 = (bytes: Buffer) => createHash('sm3').update(bytes).digest('hex');

describe('bulk import of instructions (批量导入)', () => {
  const LOGINS = { maker: 'bi.maker', reviewer: 'bi.reviewer', other: 'bi.other' };
  const { db, app, client, asUser, call, signed, ok, refused, audits, addLogin } = serverUnderTest({}, { logins: LOGINS, businessTime: businessTimeAt('10:00') });

  const trial = (name: string, bytes: Buffer, who = 'maker', submit = true) => ok<ImportTrialResult>(api.importTrial, { ...file(name, bytes), submit }, who);
  const confirmBody = (name: string, bytes: Buffer, over: Record<string, unknown> = {}) => ({ ...file(name, bytes), fileSm3: sm3(bytes), rowCount: 0, submit: true, allowDuplicate: false, ...over });
  const instructionCount = async () => Number((await db().selectFrom('instructions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const download = async (ticket: string) =>
    app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('maker')}` } });

  const account = async (accountNo: string, enterpriseNo: string, balance: string, singleLimit: string | null, rights: [string, boolean, boolean][]) => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: accountNo, account_name: `导入测试${accountNo.slice(-2)}`, enterprise_no: enterpriseNo, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance, third_party_enterprise_no: null })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: enterpriseNo, alias: '', used: 1, single_limit: singleLimit, daily_limit: null, added_by: 'test' }).execute();
    for (const [userNo, entry, review] of rights) {
      await db().insertInto('account_auth').values({ user_no: userNo, account_no: accountNo, enterprise_no: enterpriseNo, can_query: true, can_entry: entry, can_review: review, updated_by: 'test' }).execute();
    }
  };

  beforeAll(async () => {
    await addLogin('bi.maker', 'U100000171', OWN, ['CUSTOMER_MAKER']);
    await addLogin('bi.reviewer', 'U100000172', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('bi.other', 'U100000271', OTHER, ['CUSTOMER_MAKER']);
    const both: [string, boolean, boolean][] = [
      ['U100000171', true, false],
      ['U100000172', false, true],
    ];
    await account(ACC, OWN, '10000000.00', '500000.00', both);
    await account(ACC_LOW, OWN, '1500.00', null, both);
    await account(ACC_NO_RIGHT, OWN, '10000000.00', null, [['U100000172', false, true]]);
    await account(ACC_OTHER, OTHER, '10000000.00', null, [['U100000271', true, false]]);
  });

  it('offers an xlsx template with Chinese headers, lists, checks and an instructions sheet', async () => {
    const { data } = await call(api.importTemplate, {}, 'maker');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe('批量导入模板.xlsx');
    const res = await download(ticket);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['付款明细', '填写说明']);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const rules = Object.values((sheet as unknown as { dataValidations: { model: Record<string, { type: string }> } }).dataValidations.model);
    expect(new Set(rules.map((r) => r.type))).toEqual(new Set(['list', 'decimal', 'textLength']));
  });

  it('lists every bad row with its field and reason, and writes nothing', async () => {
    const before = await instructionCount();
    const weekend = (() => {
      let d = DEMO_DAYS.nextBusinessDay(BUSINESS_TODAY);
      while (DEMO_DAYS.isBusinessDay(d)) d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return d;
    })();
    const bytes = await xlsx([
      row(),
      row({ payerAccountNo: '622299000000009999' }),
      row({ payerAccountNo: ACC_OTHER }),
      row({ payerAccountNo: ACC_NO_RIGHT }),
      row({ valueDate: weekend }),
      row({ payeeCnaps: '999999999999' }),
      row({ payeeCnaps: '12345' }),
      row({ amount: '12.345' }),
      row({ amount: '600000.00' }),
      row({ payerAccountNo: ACC_LOW, amount: '1000.00' }),
      row({ payerAccountNo: ACC_LOW, amount: '1000.00' }),
      row({ type: '转账' }),
      row({ payeeName: '' }),
    ]);
    const result = await trial('付款.xlsx', bytes);
    expect(result).toMatchObject({ format: 'xlsx', rowCount: 13, fileSm3: sm3(bytes), duplicateOf: null });
    const errors = result.errors.map((e) => [e.rowNo, e.field, e.reason]);
    expect(errors).toEqual([
      [3, 'payerAccountNo', '账号622299000000009999不是本企业已添加的网银账户'],
      // Another enterprise's account reads exactly like an unknown one.
      [4, 'payerAccountNo', `账号${ACC_OTHER}不是本企业已添加的网银账户`],
      [5, 'payerAccountNo', `您没有账号${ACC_NO_RIGHT}的指令录入权限`],
      [6, 'valueDate', expect.stringMatching(new RegExp(`^起息日${weekend}不是工作日`))],
      [7, 'payeeCnaps', '大额支付行号999999999999不在行号表中，请核对'],
      [8, 'payeeCnaps', '大额支付行号须为12位数字'],
      [9, 'amount', '金额格式不合法（最大17位整数和2位小数）'],
      [10, 'amount', '超过单笔限额'],
      // The file's own earlier row takes the low account's money.
      [12, 'amount', '可用余额不足'],
      [13, 'type', '请选择正确的指令类型'],
      [14, 'payeeName', '请输入收款人名称'],
    ]);
    expect(result.totals).toEqual([{ currency: 'CNY', count: 12, amount: '611000.00' }]);
    expect(await instructionCount()).toBe(before);
  });

  it('refuses a value date whose cut-off has passed', async () => {
    const { data } = await call(api.importTrial, { ...file('晚.xlsx', await xlsx([row()])), submit: true }, 'maker', { 'x-test-clock': businessTimeAt('15:30') });
    const result = data as ImportTrialResult;
    expect(result.errors).toEqual([{ rowNo: 2, field: 'valueDate', reason: expect.stringMatching(new RegExp(`^起息日${BUSINESS_TODAY}的截止时间${BUSINESS_TODAY} 15:00已过`)) }]);
  });

  it('imports a clean file in one transaction, signed, under one record; drafts skip the money check', async () => {
    const bytes = await xlsx([row({ endToEndId: 'A-1' }), row({ endToEndId: 'A-2', amount: '2500.50' })]);
    expect((await trial('干净.xlsx', bytes)).errors).toEqual([]);
    const before = await instructionCount();
    const record = await ok<ImportRecord>(api.importConfirm, confirmBody('干净.xlsx', bytes, { rowCount: 2 }), 'maker');
    expect(record).toMatchObject({ fileName: '干净.xlsx', format: 'xlsx', rowCount: 2, submitted: true, totals: [{ currency: 'CNY', count: 2, amount: '3500.50' }], statusCounts: { ACSP: 2 } });
    expect(record.importNo).toMatch(/^PL\d{8}\d{6}$/);
    expect(await instructionCount()).toBe(before + 2);
    const stored = await db().selectFrom('instruction_imports').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored.sign_code).toBe('InstructionImport');
    expect(stored.sign_data).toMatch(new RegExp(`^InstructionImport\\|${sm3(bytes)}\\|2\\|1\\|0\\|`));
    const rows = await db().selectFrom('instruction_import_rows as r').innerJoin('instructions as i', 'i.id', 'r.instruction_id').select(['r.row_no', 'r.end_to_end_id', 'i.status']).where('r.import_id', '=', record.id).orderBy('r.row_no').execute();
    expect(rows).toEqual([
      { row_no: 2, end_to_end_id: 'A-1', status: '10' },
      { row_no: 3, end_to_end_id: 'A-2', status: '10' },
    ]);
    expect((await audits('instruction.import')).at(-1)).toMatchObject({ outcome: 'success' });

    // As drafts, the low account's money is the submit's business, as at entry.
    const drafts = await xlsx([row({ payerAccountNo: ACC_LOW, amount: '9000.00' })]);
    expect((await trial('草稿.xlsx', drafts, 'maker', true)).errors.map((e) => e.reason)).toEqual(['可用余额不足']);
    expect((await trial('草稿.xlsx', drafts, 'maker', false)).errors).toEqual([]);
    const draft = await ok<ImportRecord>(api.importConfirm, confirmBody('草稿.xlsx', drafts, { rowCount: 1, submit: false }), 'maker');
    expect(draft).toMatchObject({ submitted: false, statusCounts: { PDNG: 1 } });
  });

  it('imports all or nothing: a file with one bad row creates no instruction', async () => {
    const bytes = await xlsx([row(), row(), row({ payerAccountNo: ACC_OTHER })]);
    const before = await instructionCount();
    const imports = await db().selectFrom('instruction_imports').select('id').execute();
    const json = await refused(api.importConfirm, confirmBody('坏.xlsx', bytes, { rowCount: 3 }), 'maker', 400, `${api.IMPORT_MESSAGES.notClean}（共1处）`);
    expect(json.data).toEqual({ errors: [{ rowNo: 4, field: 'payerAccountNo', reason: `账号${ACC_OTHER}不是本企业已添加的网银账户` }] });
    expect(await instructionCount()).toBe(before);
    expect(await db().selectFrom('instruction_imports').select('id').execute()).toEqual(imports);
    // The other enterprise's own maker may import on it; ours is not.
    expect((await trial('他.xlsx', await xlsx([row({ payerAccountNo: ACC_OTHER })]), 'other')).errors).toEqual([]);
  });

  it('recognises the same file imported twice and refuses it unless the maker says so', async () => {
    const bytes = await xlsx([row({ endToEndId: 'DUP-1', amount: '77.00' })]);
    const first = await ok<ImportRecord>(api.importConfirm, confirmBody('重复.xlsx', bytes, { rowCount: 1 }), 'maker');
    const again = await trial('重复.xlsx', bytes);
    expect(again.duplicateOf).toMatchObject({ importNo: first.importNo });
    const json = await refused(api.importConfirm, confirmBody('重复.xlsx', bytes, { rowCount: 1 }), 'maker', 400);
    expect(json.returnMsg).toMatch(new RegExp(`^该文件已于.+导入（批次${first.importNo}），如确需再次导入`));
    const second = await ok<ImportRecord>(api.importConfirm, confirmBody('重复.xlsx', bytes, { rowCount: 1, allowDuplicate: true }), 'maker');
    expect(second.duplicateOfNo).toBe(first.importNo);
    // Another enterprise's import of the same bytes is no duplicate of ours.
    expect((await trial('重复.xlsx', bytes, 'other')).duplicateOf).toBeNull();
  });

  it('needs the maker’s signature over the file as the server reads it', async () => {
    const bytes = await xlsx([row({ endToEndId: 'SIG-1', amount: '88.00' })]);
    const body = confirmBody('签名.xlsx', bytes, { rowCount: 1 });
    const before = await instructionCount();
    expect((await refused(api.importConfirm, { ...body, signMsg: undefined }, 'maker', 400)).returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
    const stranger = (await c.sm2GenerateKeyPair()).privateKey;
    expect((await refused(api.importConfirm, await signed(api.importConfirm, body, 'maker', stranger), 'maker', 400)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Signed over another file's hash: the server hashes the bytes it got.
    const other = await signed(api.importConfirm, { ...body, fileSm3: 'ab'.repeat(32) }, 'maker');
    expect((await refused(api.importConfirm, { ...other, fileSm3: 'ab'.repeat(32) }, 'maker', 400)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect(await instructionCount()).toBe(before);
  });

  it('reads a pain.001.001.09 and refuses a DOCTYPE', async () => {
    const payments = [
      { endToEndId: 'E2E-1', amount: '1200.00', payee: '南方基金管理股份有限公司', account: '4000023029200012345', cnaps: CNAPS },
      { endToEndId: 'E2E-2', amount: '300.5', payee: '易方达基金管理有限公司', account: '3602000109200012345', cnaps: CNAPS },
    ];
    const bytes = pain001(ACC, payments);
    const result = await trial('pain001.xml', bytes);
    expect(result).toMatchObject({ format: 'pain.001', rowCount: 2, errors: [], totals: [{ currency: 'CNY', count: 2, amount: '1500.50' }] });
    const evil = pain001(ACC, payments, '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>');
    expect((await trial('evil.xml', evil)).errors).toEqual([{ rowNo: 0, field: 'file', reason: api.IMPORT_MESSAGES.doctype }]);
    const notPain = Buffer.from('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"><CstmrDrctDbtInitn/></Document>');
    expect((await trial('dd.xml', notPain)).errors[0]!.reason).toBe(api.IMPORT_MESSAGES.notPain001);
    expect((await trial('bad.xml', Buffer.from('<Document><a></Document>'))).errors[0]!.reason).toMatch(/^XML格式不正确/);
  });

  it('reads the documented sample file', async () => {
    const sample = await readFile(new URL('../../../../../docs/samples/pain.001.sample.xml', import.meta.url));
    const read = await readImportFile('pain.001.sample.xml', sample);
    expect(read).toMatchObject({ format: 'pain.001', messageId: 'HXYH-20261201-0001', errors: [] });
    expect(read.rows.map((r) => [r.endToEndId, r.fields.type, r.fields.payerAccountNo, r.fields.amount, r.fields.payeeCnaps, r.fields.valueDate, r.fields.purpose, r.fields.remark])).toEqual([
      ['SH20261201000187', '03', '10250080000010006', '3500000.00', '301290000007', '2026-12-01', '赎回款划付', ''],
      ['FEE20261201000042', '03', '10250080000010006', '250.00', '102100000030', '2026-12-01', '账户维护费', '12月账户维护费'],
    ]);
  });

  it('answers a pain.002.001.10 report and a CSV with each payment’s status now', async () => {
    const payments = [
      { endToEndId: 'R-1', amount: '10.00', payee: '南方基金管理股份有限公司', account: '4000023029200012345', cnaps: CNAPS },
      { endToEndId: 'R-2', amount: '20.00', payee: '易方达基金管理有限公司', account: '3602000109200012345', cnaps: CNAPS },
      { endToEndId: 'R-3', amount: '30.00', payee: '嘉实基金管理有限公司', account: '0200001409026409999', cnaps: CNAPS },
    ];
    const bytes = pain001(ACC, payments);
    const record = await ok<ImportRecord>(api.importConfirm, confirmBody('report.xml', bytes, { rowCount: 3 }), 'maker');
    const ids = (await db().selectFrom('instruction_import_rows').select(['instruction_id', 'row_no']).where('import_id', '=', record.id).orderBy('row_no').execute()).map((r) => r.instruction_id);
    // Later states: one returned by review with its reason, one paid, one still on its way.
    await db().updateTable('instructions').set({ status: '11', refuse_reason: '收款账号有误' }).where('id', '=', ids[0]!).execute();
    await db().updateTable('instructions').set({ status: '60' }).where('id', '=', ids[1]!).execute();

    const { data } = await call(api.importReport, { id: record.id, format: 'xml' }, 'maker');
    const res = await download((data as { ticket: string }).ticket);
    const xml = res.body;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'TxInfAndSts' || n === 'OrgnlPmtInfAndSts' }).parse(xml);
    expect(doc.Document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.002.001.10');
    const report = doc.Document.CstmrPmtStsRpt;
    expect(Object.keys(report)).toEqual(['GrpHdr', 'OrgnlGrpInfAndSts', 'OrgnlPmtInfAndSts']);
    expect(report.OrgnlGrpInfAndSts).toMatchObject({ OrgnlMsgId: 'MSG-R-1', OrgnlMsgNmId: 'pain.001.001.09', OrgnlNbOfTxs: 3, OrgnlCtrlSum: 60 });
    const txs = report.OrgnlPmtInfAndSts[0].TxInfAndSts;
    expect(report.OrgnlPmtInfAndSts[0].OrgnlPmtInfId).toBe('PMT-1');
    expect(txs.map((t: Record<string, unknown>) => [t.OrgnlInstrId, t.OrgnlEndToEndId, t.TxSts])).toEqual([
      ['I-R-1', 'R-1', 'RJCT'],
      ['I-R-2', 'R-2', 'ACSC'],
      ['I-R-3', 'R-3', 'ACSP'],
    ]);
    expect(txs[0].StsRsnInf.AddtlInf).toBe('收款账号有误');
    // The elements of each payment in the schema's order.
    expect(Object.keys(txs[0])).toEqual(['StsId', 'OrgnlInstrId', 'OrgnlEndToEndId', 'TxSts', 'StsRsnInf', 'OrgnlTxRef']);

    const csv = await call(api.importReport, { id: record.id, format: 'csv' }, 'maker');
    const lines = (await download((csv.data as { ticket: string }).ticket)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('序号,业务参考号,指令编号,付款账号,收款人名称,收款账号,金额,币种,起息日,状态代码,状态,原因');
    expect(lines.slice(1, 4).map((l) => l.split(',')[9])).toEqual(['RJCT', 'ACSC', 'ACSP']);
    // Another enterprise's import reads as unknown.
    const json = await refused(api.importReport, { id: record.id, format: 'xml' }, 'other', 404);
    expect(json.returnMsg).toBe(api.IMPORT_MESSAGES.notFound);
  });

  it('seeds a past import whose instructions went different ways', async () => {
    const seeded = await db().selectFrom('instruction_imports').selectAll().where('enterprise_no', '=', OWN).where('sign_code', 'is', null).executeTakeFirstOrThrow();
    const states = await db().selectFrom('instruction_import_rows as r').innerJoin('instructions as i', 'i.id', 'r.instruction_id').select('i.status').distinct().where('r.import_id', '=', seeded.id).execute();
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(seeded.row_count).toBe(Number((await db().selectFrom('instruction_import_rows').select((eb) => eb.fn.countAll().as('n')).where('import_id', '=', seeded.id).executeTakeFirstOrThrow()).n));
  });

  it('lists the enterprise’s imports, newest first, and no other enterprise’s', async () => {
    const page = await ok<{ records: ImportRecord[]; total: number }>(api.importQuery, { page: 1, limit: 50 }, 'maker');
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.records.map((r) => r.id)).toEqual([...page.records.map((r) => r.id)].sort((a, b) => b - a));
    expect((await ok<{ records: ImportRecord[] }>(api.importQuery, { page: 1, limit: 50 }, 'other')).records.every((r) => !page.records.some((o) => o.id === r.id))).toBe(true);
  });
  it('submits each imported instruction under the approval rule in force, as the form does (审批规则)', async () => {
    const { id: ruleId } = await db()
      .insertInto('approval_rules')
      .values({ enterprise_no: OWN, instruction_type: '', payer_account_no: ACC, version: 1, active: true, bands: JSON.stringify([{ upTo: '2000.00', reviewers: 1 }, { upTo: null, reviewers: 2 }]), reviewer_limits: '[]', created_by_user_no: 'U100000171' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = await xlsx([row({ endToEndId: 'R-1', amount: '2000.00' }), row({ endToEndId: 'R-2', amount: '2000.01' })]);
    const record = await ok<ImportRecord>(api.importConfirm, confirmBody('规则.xlsx', bytes, { rowCount: 2 }), 'maker');
    const rows = await db().selectFrom('instruction_import_rows as r').innerJoin('instructions as i', 'i.id', 'r.instruction_id').select(['i.approval_rule_id', 'i.approvals_required']).where('r.import_id', '=', record.id).orderBy('r.row_no').execute();
    expect(rows).toEqual([
      { approval_rule_id: ruleId, approvals_required: 1 },
      { approval_rule_id: ruleId, approvals_required: 2 },
    ]);
    await db().updateTable('approval_rules').set({ active: false }).where('id', '=', ruleId).execute();
  });
});
