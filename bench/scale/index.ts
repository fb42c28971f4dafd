import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { openKvStore } from '../../apps/server/src/kv/open-kv';
import type { KvStore } from '../../apps/server/src/kv/kv-store';
import { captchaKey } from '../../apps/server/src/modules/auth/captcha';
import { HAPROXY, ROOT, ensureBuilt, prepareStores } from '../../scripts/lib/cluster-parts.mjs';
import { apiSession } from '../lib/api-login';
import { injectFaults, type Fault, type FaultWindow } from './faults';
import { PASSWORD, createLoadUsers } from './load-users';
import { startPortal } from './portal';
import { Recorder } from './recorder';
import { phaseReport, type PhaseReport } from './report';
import { freePort, missingTools, privatePostgres, privateRedis } from './stores';
import { verify } from './verify';
import { VirtualUser } from './vu';

export interface ScaleOptions {
  users: number;
  durationS: number;
  /** Think time between a virtual user's actions: uniform from 0 to this. */
  thinkMs: number;
  faults: Fault[];
  instances: number;
  /** Also run without faults on `instances` and on one instance, for the comparison. */
  compare: boolean;
  downS: number;
  settleS: number;
  gapS: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const r1 = (n: number) => Math.round(n * 10) / 10;
/** Instance, haproxy and store logs of the last run (data/ is not in git). */
const LOG_DIR = path.join(ROOT, 'data/scale/logs');

/** What to stop, newest first, whatever way the run ends. */
class Teardown {
  readonly #steps: { name: string; run: () => Promise<unknown> | unknown }[] = [];
  #done: Promise<void> | null = null;
  stopping = false;
  push(name: string, run: () => Promise<unknown> | unknown) {
    this.#steps.push({ name, run });
    return () => {
      const at = this.#steps.findIndex((s) => s.run === run);
      if (at >= 0) this.#steps.splice(at, 1);
    };
  }
  /** Runs once: a second Ctrl-C (or the run's own end) waits for the same teardown. */
  run() {
    this.stopping = true;
    this.#done ??= (async () => {
      for (const step of this.#steps.splice(0).reverse()) {
        try {
          await step.run();
        } catch (err) {
          log(`scale: stopping ${step.name}: ${(err as Error).message}`);
        }
      }
    })();
    return this.#done;
  }
}

/**
 * The scale suite (README, "Scale suite"): its own PostgreSQL and Redis, the migrations and the
 * demo seed, load users in SQL, then phases of `users` virtual users through haproxy in front of
 * compiled production instances, with the faults of `options.faults` in the last phase; the SQL
 * checks over every phase's acknowledged writes at the end. Answers the report; stops what it
 * started however it ends (Ctrl-C included).
 */
export async function runScale(options: ScaleOptions) {
  const missing = missingTools(HAPROXY);
  if (missing) throw new Error(`the scale suite needs ${missing}`);
  ensureBuilt(log, { web: false });
  const teardown = new Teardown();
  const interrupted = () => {
    if (!teardown.stopping) log('scale: interrupted: stopping what the suite started');
    void teardown.run().then(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
  fs.chmodSync(tmp, 0o755);
  teardown.push('the temporary directory', () => fs.rmSync(tmp, { recursive: true, force: true }));
  fs.rmSync(LOG_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  try {
    return await runStack(options, tmp, teardown);
  } finally {
    await teardown.run();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

async function runStack(options: ScaleOptions, tmp: string, teardown: Teardown) {
  const started = performance.now();
  const postgres = await privatePostgres(path.join(tmp, 'pg'));
  teardown.push('PostgreSQL', () => postgres.stop());
  const redisLog = fs.createWriteStream(path.join(LOG_DIR, 'redis.log'));
  const redis = await privateRedis(tmp, (line) => redisLog.write(`${line}\n`));
  teardown.push('Redis', async () => {
    await redis.stop();
    redisLog.end();
  });
  log(`scale: PostgreSQL on :${postgres.port}, Redis on :${redis.port} (${tmp})`);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url,
    DATABASE_SCHEMA: 'public',
    REDIS_URL: redis.url,
    KV_PREFIX: 'portal:',
    CRYPTO_KEYS_DIR: path.join(tmp, 'keys'),
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every virtual user logs in from this machine's one address.
    LOGIN_RATE_LIMIT: '100000',
    CAPTCHA_RATE_LIMIT: '100000',
    ...(fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')) ? {} : { WEB_DIST: path.join(tmp, 'no-web-build') }),
  };
  prepareStores(env, { seed: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const database = await openDatabase({ url: postgres.url });
  teardown.push('the suite’s database pool', () => database.close());
  await sql`create extension if not exists pg_stat_statements`.execute(database.db);
  const users = await createLoadUsers(database.db, options.users);
  const setupS = (performance.now() - started) / 1000;
  log(`scale: stores, migrations, seed and ${users.length} load users in ${r1(setupS)} s`);

  const kv = await openKvStore({ url: redis.url, prefix: 'portal:' });
  teardown.push('the suite’s Redis client', () => kv.close());
  const balancerPort = await freePort();
  const origin = `http://127.0.0.1:${balancerPort}`;
  const login = (username: string) => apiSession(origin, username, PASSWORD, (rev) => captchaAnswer(kv, rev));
  const accounts = await accountsByEnterprise(database);
  let phaseTag = '';
  const vus = users.map((u) => new VirtualUser(u, u.userNo, accounts.get(u.enterpriseNo) ?? [], login, () => phaseTag));

  const plan: { name: string; size: number; faults: Fault[] }[] = [
    ...(options.compare ? [{ name: 'oneInstance', size: 1, faults: [] }, { name: `${options.instances}Instances`, size: options.instances, faults: [] }] : []),
    ...(options.faults.length > 0 || !options.compare ? [{ name: options.faults.length ? `${options.instances}InstancesWithFaults` : `${options.instances}Instances`, size: options.instances, faults: options.faults }] : []),
  ];
  const recorders: Recorder[] = [];
  const phases: Record<string, PhaseReport> = {};
  let loginS = 0;
  for (const [i, phase] of plan.entries()) {
    if (teardown.stopping) break;
    phaseTag = `p${i}`;
    const portal = await startPortal({ size: phase.size, balancerPort, env, logDir: LOG_DIR, configDir: tmp });
    const forget = teardown.push(`the portal (${phase.size} instance(s))`, () => portal.stop());
    if (i === 0) loginS = await signInAll(vus);
    log(`scale: phase ${phase.name}: ${vus.length} virtual users for ${options.durationS} s${phase.faults.length ? `, faults ${phase.faults.join(', ')}` : ''}`);
    const rec = new Recorder();
    recorders.push(rec);
    phases[phase.name] = await runPhase({ vus, rec, phase, options, portal, postgres, redis, database, teardown });
    forget();
    await portal.stop();
  }
  const checks = await verify(database.db, recorders);
  const [one, many] = [phases.oneInstance, phases[`${options.instances}Instances`]];
  return {
    machine: { cpus: os.cpus().length, loadAverage1m: r1(os.loadavg()[0] ?? 0), node: process.version },
    settings: { ...options, thinkMs: `uniform 0-${options.thinkMs}` },
    setupS: r1(setupS),
    loginAllS: r1(loginS),
    ...(one && many ? { comparison: compare(one, many, options.instances) } : {}),
    phases,
    checks,
  };
}

/** The fault-free phases side by side: throughput, and per call kind calls a second and p50/p95/p99. */
function compare(one: PhaseReport, many: PhaseReport, instances: number) {
  const figures = (k: PhaseReport['callKinds'][string] | undefined) => k && { perSecond: k.perSecond, p50ms: k.p50ms, p95ms: k.p95ms, p99ms: k.p99ms };
  const kinds = [...new Set([...Object.keys(one.callKinds), ...Object.keys(many.callKinds)])].sort();
  return {
    throughputPerSecond: { oneInstance: one.throughputPerSecond, [`${instances}Instances`]: many.throughputPerSecond },
    callKinds: Object.fromEntries(kinds.map((k) => [k, { oneInstance: figures(one.callKinds[k]), [`${instances}Instances`]: figures(many.callKinds[k]) }])),
  };
}

/** The answer of the captcha bound to `rev`, where every instance keeps it (a production server draws a real one). */
async function captchaAnswer(kv: KvStore, rev: string) {
  try {
    return (await kv.get(captchaKey(rev))) ?? '';
  } catch {
    return '';
  }
}

async function accountsByEnterprise(database: Database) {
  const { rows } = await sql<{ account_no: string; enterprise_no: string }>`select account_no, enterprise_no from ebank_accounts where account_no like '1025999%' order by account_no`.execute(database.db);
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.enterprise_no, [...(map.get(r.enterprise_no) ?? []), r.account_no]);
  return map;
}

/** Every virtual user logs in once, ten at a time; answers the seconds it took. */
async function signInAll(vus: VirtualUser[]) {
  const started = performance.now();
  const queue = [...vus];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let vu = queue.shift(); vu; vu = queue.shift()) await vu.signIn();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  log(`scale: ${vus.length} logins in ${r1(seconds)} s`);
  return seconds;
}

async function runPhase(p: {
  vus: VirtualUser[];
  rec: Recorder;
  phase: { name: string; size: number; faults: Fault[] };
  options: ScaleOptions;
  portal: Awaited<ReturnType<typeof startPortal>>;
  postgres: Awaited<ReturnType<typeof privatePostgres>>;
  redis: Awaited<ReturnType<typeof privateRedis>>;
  database: Database;
  teardown: Teardown;
}) {
  const { vus, rec, options } = p;
  await sql`select pg_stat_statements_reset()`.execute(p.database.db);
  for (const vu of vus) vu.rec = rec;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let windows: FaultWindow[] = [];
  let faultsOver = p.phase.faults.length === 0 ? 0 : Infinity;
  const faults = injectFaults({
    faults: p.phase.faults,
    portal: p.portal,
    postgres: p.postgres,
    redis: p.redis,
    rec,
    gapMs: options.gapS * 1000,
    downMs: options.downS * 1000,
    settleMs: options.settleS * 1000,
    log,
    stopping: () => p.teardown.stopping,
  }).then((w) => {
    windows = w;
    faultsOver = rec.now();
  });
  // The load runs its duration, and after the last fault's window a quiet gap more.
  const until = () => p.teardown.stopping || (rec.now() >= options.durationS * 1000 && rec.now() >= faultsOver + options.gapS * 1000);
  await Promise.all([...vus.map((vu) => vu.run(until, options.thinkMs)), faults]);
  lag.disable();
  // Round trips to PostgreSQL per call, the instances' largest cost: unknown after a PostgreSQL
  // fault (a crash drops the counts) or when the counts cannot be read.
  const statements = p.phase.faults.includes('postgres')
    ? null
    : await sql<{ n: string }>`select coalesce(sum(calls), 0)::text as n from pg_stat_statements where query not like '%pg_stat_statements%'`
        .execute(p.database.db)
        .then((r) => Number(r.rows[0]!.n))
        .catch(() => null);
  return phaseReport(rec, windows, rec.now() / 1000, {
    instances: p.phase.size,
    virtualUsers: vus.length,
    statementsPerCall: statements === null || rec.calls.length === 0 ? null : Math.round((statements / rec.calls.length) * 100) / 100,
    // The load generator shares the machine: a late event loop inflates the latencies it measures.
    loadGeneratorEventLoopDelayMs: { p50: r1(lag.percentile(50) / 1e6), p99: r1(lag.percentile(99) / 1e6), max: r1(lag.max / 1e6) },
  });
}
