import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALUATION_COLUMNS, valuationApi, type NavPoint, type ValuationImportResult, type ValuationProduct, type ValuationStatementRecord } from '@portal/shared';
import { demoStatements, statementsCsv, weekdays } from '../../../src/seed/valuation-data';
import { pdfUnicodeText } from '../../helpers/pdf-text';
import { serverUnderTest } from '../../helpers/server-under-test';

const OWN = '1000000001';
const OTHER = '1000000002';
const ADVISER = '2000000001';
const api = valuationApi;

describe('valuation statements: import, scope, statement, NAV series, downloads, formats', () => {
  const { app, client, db, asUser, ok, refused, call, addLogin, audits } = serverUnderTest({}, { logins: { staff: 'custcheck', tp: 'tpconfirm' } });
  const count = async () => Number((await db().selectFrom('valuation_statements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const upload = (text: string, preview = false, fileName = 'valuation.csv') => ({ preview, fileName, content: Buffer.from(text, 'utf8').toString('base64') });
  const importFile = (text: string, preview = false) => ok<ValuationImportResult>(api.custodianValuationImport, upload(text, preview), 'staff');

  let own: { product_code: string; product_name: string };
  let other: { product_code: string };
  let overseen: { enterprise_no: string; product_code: string };

  beforeAll(async () => {
    await addLogin('val.other', 'U100000292', OTHER, ['CUSTOMER_MAKER']);
    const product = (enterpriseNo: string) =>
      db().selectFrom('custody_accounts').select(['product_code', 'product_name']).where('enterprise_no', '=', enterpriseNo).where('third_party_enterprise_no', 'is', null).orderBy('product_code', 'desc').executeTakeFirstOrThrow();
    own = await product(OWN);
    other = await product(OTHER);
    overseen = await db().selectFrom('custody_accounts').select(['enterprise_no', 'product_code']).where('third_party_enterprise_no', '=', ADVISER).orderBy('product_code').executeTakeFirstOrThrow();
    for (const who of ['demo', 'staff', 'tp', 'val.other']) await asUser(who);
  });

  it('seeds 90 days of statements whose NAV equals their lines', async () => {
    const rows = await db().selectFrom('valuation_statements').select(['enterprise_no', 'valuation_date']).execute();
    expect(new Set(rows.map((r) => r.enterprise_no))).toEqual(new Set([OWN, OTHER, '1000000003']));
    expect(rows.length).toBeGreaterThan(500);
    const { rows: wrong } = await db().executeQuery<{ n: number }>(
      (await import('kysely')).sql`select count(*)::int as n from valuation_statements s where s.nav <> (select sum(case when l.line_type = 'payable' then -l.market_value else l.market_value end) from valuation_lines l where l.statement_id = s.id)`.compile(db()),
    );
    expect(wrong[0]!.n).toBe(0);
  });

  it('imports a file all or nothing, says so for the same file again, and refuses a changed statement', async () => {
    const days = weekdays('2025-03-03', '2025-03-05');
    const statements = demoStatements({ enterpriseNo: OWN, productCode: own.product_code, seed: 42, style: 'balanced' }, days);
    const csv = statementsCsv(statements);
    const before = await count();
    const preview = await importFile(csv, true);
    expect(preview).toMatchObject({ outcome: 'valid', statementCount: 3, added: 0 });
    expect(await count()).toBe(before);
    const imported = await importFile(csv);
    expect(imported).toMatchObject({ outcome: 'imported', added: 3, enterpriseNos: [OWN] });
    expect(await count()).toBe(before + 3);
    const again = await importFile(csv);
    expect(again).toMatchObject({ outcome: 'duplicate', added: 0, unchanged: 3 });
    expect(await count()).toBe(before + 3);
    // The same statement with one figure changed: refused, naming the product and day; nothing written.
    const edited = statements.map((st, i) => (i === 1 ? { ...st, items: st.items.map((l, k) => (k === 0 ? { ...l, name: `${l.name}X` } : l)) } : st));
    const changed = statementsCsv(edited);
    const refusal = await importFile(changed);
    expect(refusal.outcome).toBe('rejected');
    expect(refusal.errors).toHaveLength(1);
    expect(refusal.errors[0]!.reason).toContain(`产品${own.product_code} ${days[1]}的估值表已于`);
    expect(await count()).toBe(before + 3);
    const entries = await audits('valuation.import');
    expect(entries.map((e) => e.outcome)).toContain('success');
    expect(entries.at(-1)!.outcome).toBe('failure');
  });

  it('lists every wrong line with its reasons and writes nothing', async () => {
    const [s] = demoStatements({ enterpriseNo: OWN, productCode: own.product_code, seed: 7, style: 'bond' }, ['2025-04-01']);
    const lines = statementsCsv([s!]).trimEnd().split('\r\n');
    lines[2] = lines[2]!.replace(/,持仓,([^,]*),IB,/, ',持仓,$1,XX,');
    lines[3] = lines[3]!.replace(/,(-?\d+\.\d{2}),(-?\d+\.\d{4}),,,,$/, ',1.00,$2,,,,');
    lines.push(`2025-04-01,${OTHER},${own.product_code},净值,,,,,,,,,,,,100.00,100.00,1.0000,1.0000`, `2025-04-01,${OTHER},${own.product_code},现金,,,银行存款,,,,,,100.00,,100.0000,,,,`);
    const before = await count();
    const result = await importFile(`${lines.join('\r\n')}\r\n`);
    expect(result.outcome).toBe('rejected');
    const reasons = Object.fromEntries(result.errors.map((e) => [e.rowNo, e.reason]));
    expect(reasons[3]).toContain('市场须为');
    expect(reasons[4]).toContain('估值增值须等于市值−成本');
    expect(reasons[lines.length - 1]).toContain(`产品${own.product_code}不是企业${OTHER}的托管产品`);
    expect(await count()).toBe(before);
  });

  it('refuses a file in another layout whole, naming the difference', async () => {
    const [s] = demoStatements({ enterpriseNo: OWN, productCode: own.product_code, seed: 8, style: 'bond' }, ['2025-04-02']);
    const csv = statementsCsv([s!]).replace('单位净值,累计单位净值', '份额净值,累计单位净值');
    await refused(api.custodianValuationImport, upload(csv), 'staff', 400, '文件格式与估值表 1.0 版不符：第18列应为「单位净值」，文件中为「份额净值」');
    const moved = [...VALUATION_COLUMNS];
    [moved[0], moved[1]] = [moved[1]!, moved[0]!];
    const json = await refused(api.custodianValuationImport, upload(`${moved.join(',')}\r\n1,2\r\n`), 'staff', 400);
    expect(json.returnMsg).toContain('文件格式与估值表 1.0 版不符');
    expect(json.returnMsg).toContain('列');
  });

  it('shows a customer its products and statements, with the previous day beside; another enterprise’s product answers like an unknown one', async () => {
    const products = await ok<ValuationProduct[]>(api.valuationProductQuery, {}, 'demo');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.enterpriseNo === OWN && !p.overseen)).toBe(true);
    const seeded = products.find((p) => p.latestDate)!;
    const s = await ok<ValuationStatementRecord>(api.valuationStatementQuery, { enterpriseNo: OWN, productCode: seeded.productCode, valuationDate: seeded.latestDate }, 'demo');
    expect(s.current.valuationDate).toBe(seeded.latestDate);
    expect(s.previous!.valuationDate < s.current.valuationDate).toBe(true);
    expect(s.lines.some((l) => l.type === 'position' && l.assetClass === 'govBond')).toBe(true);
    const series = await ok<NavPoint[]>(api.valuationNavQuery, { enterpriseNo: OWN, productCode: seeded.productCode, dateFrom: '2026-01-01' < seeded.latestDate! ? `${Number(seeded.latestDate!.slice(0, 4)) - 1}${seeded.latestDate!.slice(4)}` : '2026-01-01', dateTo: seeded.latestDate! }, 'demo');
    expect(series.length).toBeGreaterThan(50);
    expect(series.at(-1)!.unitNav).toBe(s.current.unitNav);

    const theirs = await ok<ValuationProduct[]>(api.valuationProductQuery, {}, 'val.other');
    expect(theirs.some((p) => p.productCode === seeded.productCode && p.enterpriseNo === OWN)).toBe(false);
    await refused(api.valuationStatementQuery, { enterpriseNo: OWN, productCode: seeded.productCode, valuationDate: seeded.latestDate }, 'val.other', 400, '产品不存在或不在本企业查询范围内');
    await refused(api.valuationNavQuery, { enterpriseNo: OWN, productCode: seeded.productCode, dateFrom: '2025-01-01', dateTo: '2025-02-01' }, 'val.other', 400, '产品不存在或不在本企业查询范围内');
    await refused(api.valuationStatementQuery, { enterpriseNo: OTHER, productCode: other.product_code, valuationDate: '2025-01-01' }, 'demo', 400, '产品不存在或不在本企业查询范围内');
    await refused(api.valuationNavQuery, { enterpriseNo: OWN, productCode: seeded.productCode, dateFrom: '2025-02-01', dateTo: '2025-01-01' }, 'demo', 400, '开始日期不能晚于结束日期');
  });

  it('shows a third-party institution the products it oversees, and no others', async () => {
    const products = await ok<ValuationProduct[]>(api.valuationProductQuery, {}, 'tp');
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.overseen && p.enterpriseNo !== ADVISER)).toBe(true);
    expect(products.some((p) => p.productCode === overseen.product_code)).toBe(true);
    const latest = products.find((p) => p.latestDate)!;
    await ok<ValuationStatementRecord>(api.valuationStatementQuery, { enterpriseNo: latest.enterpriseNo, productCode: latest.productCode, valuationDate: latest.latestDate }, 'tp');
    await refused(api.valuationStatementQuery, { enterpriseNo: OWN, productCode: own.product_code, valuationDate: '2025-03-03' }, 'tp', 400, '产品不存在或不在本企业查询范围内');
  });

  it('downloads the statement as xlsx and as a PDF whose font carries the Chinese product name', async () => {
    const input = { enterpriseNo: OWN, productCode: own.product_code, valuationDate: '2025-03-04' };
    const fetchFile = async (op: typeof api.valuationStatementPdf) => {
      const { json, data } = await call(op, input, 'demo');
      expect(json.returnCode, json.returnMsg).toBe('000000');
      const { ticket } = data as { ticket: string };
      const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('demo')}` } });
      expect(file.statusCode).toBe(200);
      return file.rawPayload;
    };
    const xlsx = await fetchFile(api.valuationStatementDownload);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['类别', '证券代码', '市场']);
    const pdf = await fetchFile(api.valuationStatementPdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfUnicodeText(pdf);
    for (const ch of new Set(own.product_name)) expect(text, ch).toContain(ch);
    expect(pdf.toString('latin1')).toContain('NotoSansCJK');
    expect((await audits('valuation.download')).map((e) => (e.detail as { format: string }).format)).toEqual(['xlsx', 'pdf']);
  });

  it('lists the formats in force to customers and staff', async () => {
    for (const who of ['demo', 'staff']) {
      const formats = await ok<{ feed: string; version: string; columns: string[] }[]>(api.feedFormatQuery, {}, who);
      expect(formats.find((f) => f.feed === 'valuation')).toMatchObject({ version: '1.0', columns: [...VALUATION_COLUMNS] });
      expect(formats.map((f) => f.feed)).toContain('clearPosition');
    }
  });
});
