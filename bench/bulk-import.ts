import ExcelJS from 'exceljs';
import { bulkImportApi, businessCalendar, formatDate, type ImportRecord, type ImportTrialResult } from '@portal/shared';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { apiSession } from './lib/api-login';
import { addCustomerSeat } from './lib/bench-user';
import { openBenchSchema } from './lib/bench-schema';
import { benchEnterprises } from './lib/enterprises';
import { ms } from './lib/measure';

const SCHEMA = 'bench_bulk_import';
const PORT = 8302;
const ROWS = 5_000;
const ACCOUNTS = 20;
const TRIALS = 3;
const PASSWORD = 'Bench1234';
const TRIAL_TARGET_MS = 5_000;
const IMPORT_TARGET_MS = 10_000;
const CNAPS = ['102100000030', '105100000017', '308584001037', '301290000007', '104100000004'];

/** A 5,000-row file of the import template: rows spread over the accounts, each with its own payee and reference. */
async function templateFile(accounts: readonly string[], valueDate: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('付款明细');
  sheet.addRow(bulkImportApi.IMPORT_COLUMNS.map((c) => c.header));
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow([
      '划款',
      accounts[i % accounts.length],
      `收款单位${String(i + 1).padStart(4, '0')}有限公司`,
      `62220200${String(10_000_000 + i)}`,
      '中国工商银行北京市分行营业部',
      CNAPS[i % CNAPS.length],
      `${(1000 + (i % 997) * 13.57).toFixed(2)}`,
      '人民币',
      valueDate,
      '申购款划付',
      '',
      `BENCH-${i + 1}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Bulk import at scale on PostgreSQL (its own schema and server): a 5,000-row xlsx tried over HTTP
 * (the set-based trial run) a few times, then imported (signed, one transaction) and imported again
 * as an intended duplicate; each call's wall time through the real server and envelope.
 */
export async function bulkImportBench() {
  const bench = await openBenchSchema(SCHEMA, PORT);
  if (!bench) return { skipped: 'set DATABASE_URL to run on PostgreSQL' };
  const { db, server } = bench;
  try {
    const [enterprise] = benchEnterprises(1);
    await db.insertInto('enterprises').values(enterprise!).execute();
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `62229930${String(i).padStart(10, '0')}`);
    await db
      .insertInto('custody_accounts')
      .values(accounts.map((account_no, i) => ({ account_no, account_name: `批量导入测试账户${i + 1}`, enterprise_no: enterprise!.enterprise_no, product_name: '测试产品', product_code: 'B001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '1000000000.00', reinvest_type: null, third_party_enterprise_no: null })))
      .execute();
    await db
      .insertInto('ebank_accounts')
      .values(accounts.map((account_no) => ({ account_no, enterprise_no: enterprise!.enterprise_no, used: 1, single_limit: null, daily_limit: null, added_by: 'bench' })))
      .execute();
    const userNo = 'U300000191';
    await addCustomerSeat(db, { username: 'benchimport', nickName: '导入测试', password: PASSWORD, userNo, enterpriseNo: enterprise!.enterprise_no, roleCode: 'CUSTOMER_MAKER' });
    await db
      .insertInto('account_auth')
      .values(accounts.map((account_no) => ({ user_no: userNo, account_no, enterprise_no: enterprise!.enterprise_no, can_query: true, can_entry: true, can_review: false, updated_by: 'bench' })))
      .execute();

    // A business day ahead (the bench schema marks no holiday): no cut-off is near.
    const valueDate = businessCalendar([]).nextBusinessDay(formatDate(Date.now()));
    const bytes = await templateFile(accounts, valueDate);
    const file = { fileName: '批量导入5000笔.xlsx', content: bytes.toString('base64') };
    const session = await apiSession(server.origin, 'benchimport', PASSWORD);

    const timedCall = async <T>(work: () => Promise<unknown>) => {
      const started = performance.now();
      const answer = (await work()) as T;
      return { ms: ms(performance.now() - started), answer };
    };
    const trials: number[] = [];
    for (let i = 0; i < TRIALS; i++) {
      const { ms: took, answer } = await timedCall<ImportTrialResult>(() => session.call(bulkImportApi.importTrial, { ...file, submit: true }));
      if (answer.errors.length > 0 || answer.rowCount !== ROWS) throw new Error(`trial found ${answer.errors.length} errors: ${JSON.stringify(answer.errors.slice(0, 3))}`);
      trials.push(took);
      console.error(`bench: trial ${i + 1} ${took} ms`);
    }
    const confirm = (allowDuplicate: boolean) => () =>
      session.call(bulkImportApi.importConfirm, { ...file, fileSm3: createHash('sm3').update(bytes).digest('hex'), rowCount: ROWS, submit: true, allowDuplicate });
    const first = await timedCall<ImportRecord>(confirm(false));
    console.error(`bench: import ${first.ms} ms`);
    const again = await timedCall<ImportRecord>(confirm(true));
    console.error(`bench: duplicate import ${again.ms} ms`);
    // The server seeds its demo enterprises too: only the bench's own count.
    const created = await db.selectFrom('instructions').select((eb) => eb.fn.countAll<string>().as('n')).where('enterprise_no', '=', enterprise!.enterprise_no).executeTakeFirstOrThrow();
    if (Number(created.n) !== 2 * ROWS) throw new Error(`expected ${2 * ROWS} instructions, found ${created.n}`);
    const trialMs = Math.max(...trials);
    const importMs = Math.max(first.ms, again.ms);
    return {
      rows: ROWS,
      fileBytes: bytes.length,
      trialMs: trials,
      importMs: [first.ms, again.ms],
      targets: { trialMs: TRIAL_TARGET_MS, importMs: IMPORT_TARGET_MS },
      met: { trial: trialMs <= TRIAL_TARGET_MS, import: importMs <= IMPORT_TARGET_MS },
      loadAverage: os.loadavg()[0],
    };
  } finally {
    await bench.close();
  }
}
