import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { accountList } from './account-list';
import { authenticatedRead } from './authenticated-read';
import { bulkImportBench } from './bulk-import';
import { cashStatementBench } from './cash-statement';
import { consoleFirstLoad } from './console-first-load';
import { envelopeThroughput } from './envelope';
import { httpThroughput } from './http-throughput';
import { lighthouseBench } from './lighthouse';
import { liveEvents } from './live-events';
import { loginCost } from './login-cost';
import { memoryBench } from './memory';
import { instructionsBench } from './instructions';
import { pageWeight } from './page-weight';
import { runScale } from './scale/index';
import { LONG_FORM } from './scale/forms';
import { tabSwitchBench } from './tab-switch';
import { transferBench } from './transfer';
import { valuationBench } from './valuation';

function cryptoPrimitives() {
  const run = spawnSync('npx', ['tsx', path.join(import.meta.dirname, 'crypto.ts')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) throw new Error('crypto benchmark failed');
  return JSON.parse(run.stdout) as unknown;
}

const BENCHMARKS: Record<string, { title: string; run: () => Promise<unknown> | unknown }> = {
  pageWeight: { title: 'page weight of the login route in Chromium', run: pageWeight },
  lighthouse: { title: 'Lighthouse mobile and desktop on the login route, beside a minimal antd login form and the same form in plain React', run: lighthouseBench },
  consoleFirstLoad: { title: "console's first load after login in Chromium: JavaScript and time to an interactive home page", run: consoleFirstLoad },
  httpThroughput: { title: 'HTTP throughput (autocannon)', run: httpThroughput },
  authenticatedRead: { title: 'authenticated read vs health, 50 connections (autocannon)', run: authenticatedRead },
  envelope: { title: 'encrypted vs plaintext 1 KB echo (autocannon)', run: envelopeThroughput },
  tabSwitch: { title: 'console tab switch in Chromium', run: tabSwitchBench },
  transfer: { title: 'transfer lists with 10,000 rows in Chromium', run: transferBench },
  crypto: { title: 'crypto primitives (Node and Chromium)', run: cryptoPrimitives },
  loginCost: { title: 'login cost per step (Server-Timing), idle and 20 at a time; compiled server start-up on PostgreSQL + Redis', run: loginCost },
  liveEvents: { title: '1,000 SSE clients: publish to last arrival, server memory per connection', run: liveEvents },
  accountList: { title: 'account list, home counts and xlsx download over 100,000 accounts (PostgreSQL)', run: accountList },
  instructions: { title: 'instruction home counts, first pages and batch reviews over 1,000,000 instructions (PostgreSQL)', run: instructionsBench },
  bulkImport: { title: 'bulk import: trial run and import of a 5,000-row xlsx over HTTP (PostgreSQL)', run: bulkImportBench },
  valuation: { title: 'valuation statement page and NAV series over 200 products × 250 days × 300 positions (PostgreSQL; VALUATION_BENCH_* to resize)', run: valuationBench },
  cashStatement: { title: 'cash statement: one-year xlsx of an account with 100,000 entries, and a week on screen, over HTTP (PostgreSQL; CASH_BENCH_* to resize)', run: cashStatementBench },
  memory: { title: 'server memory: idle RSS on PostgreSQL and PGlite, peak RSS of a first start, against bare Fastify and bare PGlite', run: memoryBench },
  scale: { title: 'scale suite, long form: 200 virtual users through haproxy, one and three instances, with faults (own PostgreSQL and Redis)', run: () => runScale(LONG_FORM) },
};

/** `npm run bench [-- name ...]`: every benchmark or the named ones, one JSON document on stdout (progress on stderr). */
const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}`);

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
for (const [name, { title, run }] of Object.entries(BENCHMARKS)) {
  if (selected.length > 0 && !selected.includes(name)) continue;
  console.error(`bench: ${title} ...`);
  results[name] = await run();
}
console.log(JSON.stringify(results, null, 2));
