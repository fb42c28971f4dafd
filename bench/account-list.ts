import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { accountsApi, sessionApi } from '@portal/shared';
import type { DB } from '../apps/server/src/db/schema';
import { homeCounts, listAccounts } from '../apps/server/src/modules/accounts/accounts.queries';
import { INSTITUTIONS, generateAccounts, generateEbank, prng } from '../apps/server/src/seed/accounts-data';
import { apiSession } from './lib/api-login';
import { addCustomerSeat } from './lib/bench-user';
import { openBenchSchema } from './lib/bench-schema';
import { benchEnterprises } from './lib/enterprises';
import { SAMPLES, ms, timed } from './lib/measure';

const SCHEMA = 'bench_accounts';
const ENTERPRISES = 50;
const TOTAL = 100_000;
/** One large enterprise carries the 20,000-row download; the others share the rest. */
const LARGE = 20_000;
const PASSWORD = 'Bench1234';

/** The register: 100,000 accounts over 50 enterprises (one of 20,000), part in e-banking, and a seat in two of them. */
export async function loadRegister(db: Kysely<DB>) {
  const enterprises = benchEnterprises(ENTERPRISES);
  await db.insertInto('enterprises').values(enterprises).execute();
  await db.insertInto('enterprises').values([...INSTITUTIONS]).onConflict((oc) => oc.column('enterprise_no').doNothing()).execute();
  const rest = Math.floor((TOTAL - LARGE) / (ENTERPRISES - 1));
  for (const [i, enterprise] of enterprises.entries()) {
    const rnd = prng(7_000 + i);
    const count = i === 0 ? LARGE : i === ENTERPRISES - 1 ? TOTAL - LARGE - rest * (ENTERPRISES - 2) : rest;
    const accounts = generateAccounts(enterprise, count, 1_000_000 + i * 30_000, rnd);
    const ebank = generateEbank(accounts, 'U300000001', rnd);
    for (let at = 0; at < accounts.length; at += 1_000) {
      await db
        .insertInto('custody_accounts')
        .values(accounts.slice(at, at + 1_000).map(({ short: _short, ...row }) => row))
        .execute();
    }
    for (let at = 0; at < ebank.length; at += 1_000) await db.insertInto('ebank_accounts').values(ebank.slice(at, at + 1_000)).execute();
  }
  for (const [n, enterprise] of [enterprises[0]!, enterprises[1]!].entries()) {
    await addCustomerSeat(db, { username: `bench${n}`, nickName: `bench${n}`, password: PASSWORD, userNo: `U30000000${n + 1}`, enterpriseNo: enterprise.enterprise_no, roleCode: 'CUSTOMER_MAKER' });
  }
  // The steady state autovacuum reaches: statistics, and the visibility map index-only scans need.
  await sql`vacuum analyze custody_accounts, ebank_accounts, enterprises`.execute(db);
  return { large: enterprises[0]!.enterprise_no, typical: enterprises[1]!.enterprise_no };
}

/** The server's resident memory in MB, from /proc. */
async function rssMB(pid: number) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Spec-issue 11 bench on PostgreSQL: the filtered paged account list and the two home counts
 * (p50/p95 through HTTP with the SM4 envelope, and of the query alone, with the indexes each
 * plan uses), and the server's memory growth while it writes a 20,000-row xlsx download.
 */
export async function accountList() {
  const bench = await openBenchSchema(SCHEMA, 8296);
  if (!bench) return { skipped: 'set DATABASE_URL to run on PostgreSQL' };
  const { db, server } = bench;
  try {
    const started = performance.now();
    const { large, typical } = await loadRegister(db);
    const loadSeconds = ms((performance.now() - started) / 1000);
    const filters = { status: '00', added: 'notAdded', accountName: '债券' } as const;

    /** The query alone (the server's own function on its own pool) with its plan. */
    async function query(name: string, work: () => Promise<unknown>) {
      const plans = (await bench!.explain(work)).map(({ indexes, executionMs }) => ({ indexes, executionMs }));
      return { name, ...(await timed(work)), plans };
    }
    const parsed = (input: object) => accountsApi.queryAccountInfo.request.parse(input);
    const queries = [
      await query('list, typical enterprise, page 1', () => listAccounts(db, typical, parsed({ page: 1, limit: 10 }))),
      await query('list, typical enterprise, filtered', () => listAccounts(db, typical, parsed({ page: 1, limit: 10, ...filters }))),
      await query('list, large enterprise, filtered', () => listAccounts(db, large, parsed({ page: 1, limit: 10, ...filters }))),
      await query('list, large enterprise, page 100', () => listAccounts(db, large, parsed({ page: 100, limit: 20 }))),
      await query('home counts, typical enterprise', () => homeCounts(db, typical)),
      await query('home counts, large enterprise', () => homeCounts(db, large)),
    ];

    const typicalUser = await apiSession(server.origin, 'bench1', PASSWORD);
    const largeUser = await apiSession(server.origin, 'bench0', PASSWORD);
    const http = {
      listTypicalFiltered: await timed(() => typicalUser.call(accountsApi.queryAccountInfo, { page: 1, limit: 10, ...filters })),
      listLargeFiltered: await timed(() => largeUser.call(accountsApi.queryAccountInfo, { page: 1, limit: 10, ...filters })),
      homeCountsTypical: await timed(() => typicalUser.call(sessionApi.messageReminder, {})),
      homeCountsLarge: await timed(() => largeUser.call(sessionApi.messageReminder, {})),
    };

    // A small download first, so the measured one starts from a warm server (exceljs loaded).
    const download = async (input: object) => {
      const { ticket } = (await largeUser.call(accountsApi.accountDownload, input)) as { ticket: string };
      const res = await fetch(`${server.origin}/pmobile/file/download?ticket=${ticket}`, { headers: largeUser.headers });
      return Buffer.from(await res.arrayBuffer());
    };
    await download({ status: '04' });
    /** RSS sampled every 10 ms while the server writes the whole large enterprise's list. */
    const measured = async () => {
      const before = await rssMB(server.pid);
      let peak = before;
      const sampler = setInterval(() => void rssMB(server.pid).then((m) => (peak = Math.max(peak, m))), 10);
      const t0 = performance.now();
      const file = await download({});
      const seconds = ms((performance.now() - t0) / 1000);
      clearInterval(sampler);
      peak = Math.max(peak, await rssMB(server.pid));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
      return { rows: workbook.worksheets[0]!.actualRowCount - 1, bytes: file.length, seconds, rssBeforeMB: ms(before), rssPeakMB: ms(peak), growthMB: ms(peak - before) };
    };
    const first = await measured();
    const second = await measured();
    return {
      accounts: TOTAL,
      enterprises: ENTERPRISES,
      largeEnterpriseAccounts: LARGE,
      loadSeconds,
      samples: SAMPLES,
      target: 'p95 ≤ 20 ms per call; download memory growth ≤ 50 MB',
      http,
      queries,
      // The first large download after start-up grows the heap; the second reuses it.
      download: { first, second },
    };
  } finally {
    await bench.close();
  }
}
