import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { cashApi } from '@portal/shared';
import { accountsInScope, statementOf } from '../apps/server/src/modules/cash/cash.queries';
import { generateAccounts } from '../apps/server/src/seed/accounts-data';
import { apiSession } from './lib/api-login';
import { addCustomerSeat } from './lib/bench-user';
import { openBenchSchema } from './lib/bench-schema';
import { benchEnterprises } from './lib/enterprises';
import { ms, summary, timed } from './lib/measure';

const SCHEMA = 'bench_cash';
const PASSWORD = 'Bench1234';

/**
 * Cash statements at scale (issue 29): ACCOUNTS accounts of one enterprise with ENTRIES entries
 * each over 2025 (design: 100,000 an account; CASH_BENCH_ACCOUNTS / CASH_BENCH_ENTRIES to resize),
 * their daily balances, then over HTTP as the web client calls: a one-year statement downloaded as
 * xlsx (target ≤ 5 s), and a one-week statement on screen.
 */
export async function cashStatementBench() {
  const accountCount = Number(process.env.CASH_BENCH_ACCOUNTS ?? 5);
  const perAccount = Number(process.env.CASH_BENCH_ENTRIES ?? 100_000);
  const bench = await openBenchSchema(SCHEMA, 8798);
  if (!bench) return { skipped: 'DATABASE_URL not set' };
  const { db, pool, server, close, explain } = bench;
  try {
    const [enterprise] = benchEnterprises(1) as [ReturnType<typeof benchEnterprises>[number]];
    await db.insertInto('enterprises').values(enterprise).execute();
    const accounts = generateAccounts(enterprise, accountCount, 5_000_000).map(({ short: _short, ...row }) => row);
    await db.insertInto('custody_accounts').values(accounts).execute();
    const userId = await addCustomerSeat(db, { username: 'benchcash', nickName: '对账测试', password: PASSWORD, userNo: 'U300000291', enterpriseNo: enterprise.enterprise_no, roleCode: 'CUSTOMER_MAKER' });
    const { id: feed } = await db
      .insertInto('cash_feeds')
      .values({ feed_id: 'BENCH2025', format: 'CSV', file_name: 'bench.csv', file_digest: '0'.repeat(64), day_count: 365, entry_count: accountCount * perAccount, enterprise_count: 1, imported_by_user_id: userId, imported_by_user_no: 'S000000000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loadStart = performance.now();
    for (const { account_no } of accounts) {
      await sql`insert into cash_entries (account_no, enterprise_no, booking_date, value_date, direction, amount, currency, counterparty_name, counterparty_account, summary, ref, feed_id, row_no, source)
        select ${account_no}, ${enterprise.enterprise_no}, d, d, case when g % 3 = 0 then 'D' else 'C' end, 1000 + (g % 997) * 13.57, 'CNY',
          (array['上海浦江资产管理有限公司', '华东电力投资有限公司', '中证登上海分公司', '国泰君安证券股份有限公司'])[g % 4 + 1],
          '3100' || lpad((g % 9973)::text, 12, '0'), (array['申购款', '赎回款', '证券清算', '托管费', '利息收入'])[g % 5 + 1],
          'B' || g, ${feed}, g, 'feed'
        from generate_series(0, ${perAccount - 1}) g, lateral (select date '2025-01-01' + (g::bigint * 365 / ${perAccount})::int as d) day`.execute(db);
    }
    // Each day's balances, opening on 100 million and moving by the day's entries.
    await sql`insert into cash_days (account_no, statement_date, feed_id, currency, opening, closing)
      select account_no, booking_date, ${feed}, 'CNY',
        100000000 + coalesce(sum(net) over (partition by account_no order by booking_date rows between unbounded preceding and 1 preceding), 0),
        100000000 + sum(net) over (partition by account_no order by booking_date)
      from (select account_no, booking_date, sum(case direction when 'C' then amount else -amount end) net from cash_entries where feed_id = ${feed} group by 1, 2) daily`.execute(db);
    await sql`vacuum analyze cash_entries, cash_days`.execute(db);
    const loadSeconds = ms((performance.now() - loadStart) / 1000);

    const user = await apiSession(server.origin, 'benchcash', PASSWORD);
    const accountNo = accounts[0]!.account_no;
    const download = async () => {
      const t0 = performance.now();
      const { ticket } = (await user.call(cashApi.cashStatementDownload, { accountNo, dateFrom: '2025-01-01', dateTo: '2025-12-31' })) as { ticket: string };
      const res = await fetch(`${server.origin}/pmobile/file/download?ticket=${ticket}`, { headers: user.headers });
      const file = Buffer.from(await res.arrayBuffer());
      return { seconds: (performance.now() - t0) / 1000, file };
    };
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await download());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(runs[0]!.file as unknown as ArrayBuffer);
    const week = { accountNo, dateFrom: '2025-06-02', dateTo: '2025-06-08' };
    const { rows } = await pool.query<{ n: string }>(`select count(*) n from ${SCHEMA}.cash_entries where account_no = $1 and booking_date between $2 and $3`, [accountNo, week.dateFrom, week.dateTo]);
    return {
      size: { accounts: accountCount, entriesPerAccount: perAccount, entries: accountCount * perAccount },
      loadSeconds,
      target: 'one-year xlsx ≤ 5 s',
      yearXlsx: {
        rows: workbook.worksheets[0]!.actualRowCount - 1,
        bytes: runs[0]!.file.length,
        seconds: runs.map((r) => ms(r.seconds)),
        ...summary(runs.map((r) => r.seconds * 1000)),
      },
      weekOnScreen: {
        entries: Number(rows[0]!.n),
        ...(await timed(() => user.call(cashApi.cashStatementQuery, week), 30, 5)),
        statements: (await explain(async () => statementOf(db, (await accountsInScope(db, enterprise.enterprise_no, accountNo))[0]!, week.dateFrom, week.dateTo))).map((s) => ({ executionMs: s.executionMs, indexes: s.indexes })),
      },
    };
  } finally {
    await close();
  }
}
