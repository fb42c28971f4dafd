import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { READINESS, ROOT, SERVER, httpStatus, prepareStores } from '../scripts/lib/cluster-parts.mjs';
import { apiSession } from './lib/api-login';
import { openBenchSchema } from './lib/bench-schema';
import { LOGIN_ENV } from './lib/login';
import { ms, summary } from './lib/measure';
import { startPortalServer } from './lib/server-process';

const SEQUENTIAL = Number(process.env.BENCH_LOGINS ?? 50);
const CONCURRENT = 200;
const CONCURRENCY = 20;
const RESTARTS = 5;
/** Seeded logins with a known password and no forced change: logins rotate over them, as many people would log in. */
const DEMO_LOGINS: [string, string][] = [
  ...['demo', 'checker', 'ztreview', 'tpconfirm', 'tpreview', 'qyadmin', 'zhouyang', 'dfreview'].map((u): [string, string] => [u, 'Demo1234']),
  ...['admin', 'custcheck', 'custexec'].map((u): [string, string] => [u, 'Admin1234']),
];
/** Every login of this bench comes from this machine's one address. */
const LIMITS = { ...LOGIN_ENV, LOGIN_RATE_LIMIT: '100000', CAPTCHA_RATE_LIMIT: '100000' };

/** `hash;dur=53.2, sm2dec;dur=4.1` as { hash: 53.2, sm2dec: 4.1 }. */
function parseServerTiming(header: string | null): Record<string, number> {
  const steps: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.find((p) => p.trim().startsWith('dur='));
    if (name && dur) steps[name] = Number(dur.trim().slice(4));
  }
  return steps;
}

interface Sample {
  /** The login call's round trip at the client. */
  clientMs: number;
  steps: Record<string, number>;
}

/** p50/p95 of the server's time (Server-Timing `total`), of the client's round trip, and the p50 of each step. */
function report(samples: readonly Sample[]) {
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.steps)))].filter((n) => n !== 'total');
  const p50 = (values: number[]) => summary(values).p50ms;
  return {
    logins: samples.length,
    serverMs: summary(samples.map((s) => s.steps.total ?? Number.NaN)),
    clientMs: summary(samples.map((s) => s.clientMs)),
    stepsP50Ms: Object.fromEntries(names.map((n) => [n, p50(samples.map((s) => s.steps[n] ?? 0))])),
  };
}

type Login = [username: string, password: string];

/** One login through the whole flow as the web client makes it: the login call's round trip and steps. */
async function loginOnce(origin: string, [username, password]: Login): Promise<Sample> {
  const { login } = await apiSession(origin, username, password);
  return { clientMs: login.ms, steps: parseServerTiming(login.serverTiming) };
}

/** The seeded logins this server lets in (one may hold a certificate), each logged in once: the warm-up. */
async function usableLogins(origin: string): Promise<Login[]> {
  const usable: Login[] = [];
  for (const login of DEMO_LOGINS) {
    if (await loginOnce(origin, login).then(() => true, () => false)) usable.push(login);
  }
  if (usable.length === 0) throw new Error('no seeded login succeeded');
  return usable;
}

/** `count` logins CONCURRENCY at a time, rotating over `logins`; with the wall time they took. */
async function concurrentLogins(origin: string, logins: readonly Login[], count: number) {
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) samples.push(await loginOnce(origin, logins[next++ % logins.length]!));
    }),
  );
  return { samples, wallS: (performance.now() - started) / 1000 };
}

/** SEQUENTIAL logins one after another, then CONCURRENT of them CONCURRENCY at a time. */
async function measureLogins(origin: string) {
  const usable = await usableLogins(origin);
  const sequential: Sample[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await loginOnce(origin, usable[i % usable.length]!));
  const { samples, wallS } = await concurrentLogins(origin, usable, CONCURRENT);
  return {
    idle: report(sequential),
    concurrent: { ...report(samples), concurrency: CONCURRENCY, wallSeconds: Number(wallS.toFixed(2)), loginsPerSecond: Number((CONCURRENT / wallS).toFixed(1)) },
  };
}

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/**
 * The compiled server as production starts it (NODE_ENV=production, PostgreSQL + Redis, keys
 * made beforehand, migrations applied): RESTARTS times from spawn to readiness 200, with the CPU
 * it used by then; then killed with SIGKILL, as a crashed instance is.
 */
async function startUpTimes(env: Record<string, string>, port: number) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, SERVER, { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      while ((await httpStatus(`http://127.0.0.1:${port}${READINESS}`)) !== 200) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} while starting`);
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(performance.now() - started);
      cpu.push(cpuMs(child.pid!));
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  }
  return { restarts: RESTARTS, readyMs: { ...summary(times), max: ms(Math.max(...times)) }, cpuMsP50: summary(cpu).p50ms };
}

/**
 * The cost of a login (docs/platform/sessions-and-login.md): the server's time per login and
 * per step (its Server-Timing header) on an idle server and CONCURRENCY at a time, on the
 * embedded database and, with DATABASE_URL, on PostgreSQL (+ Redis with REDIS_URL); and the
 * compiled server's start-up on PostgreSQL + Redis, idle and while the logins run.
 */
export async function loginCost() {
  const embeddedServer = await startPortalServer(8296, { ...LIMITS, DATABASE_URL: '', REDIS_URL: '' });
  const embedded = await measureLogins(embeddedServer.origin).finally(() => embeddedServer.stop());

  const { DATABASE_URL, REDIS_URL } = process.env;
  const schema = 'bench_logincost';
  const bench = await openBenchSchema(schema, 8297, LIMITS);
  if (!bench) return { embedded, postgres: { skipped: 'set DATABASE_URL (and REDIS_URL) to measure on PostgreSQL' } };
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-logincost-'));
  try {
    const postgres = await measureLogins(bench.server.origin);
    if (!REDIS_URL) return { embedded, postgres, startUp: { skipped: 'set REDIS_URL to measure the start-up on PostgreSQL + Redis' } };
    const env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      KV_PREFIX: `bench:${process.pid}:`,
      CRYPTO_KEYS_DIR: keysDir,
      LOG_LEVEL: 'warn',
    };
    prepareStores(env, { stdio: ['ignore', 'ignore', 'inherit'] });
    const idle = await startUpTimes(env, 8295);
    // Restarts while the other instance takes logins CONCURRENCY at a time (the scale suite's fault).
    let loading = true;
    const logins = await usableLogins(bench.server.origin);
    const load = (async () => {
      while (loading) await concurrentLogins(bench.server.origin, logins, CONCURRENCY);
    })();
    const underLogins = await startUpTimes(env, 8295).finally(() => {
      loading = false;
    });
    await load;
    return { embedded, postgres, startUp: { postgresRedis: idle, underLogins } };
  } finally {
    await bench.close();
    fs.rmSync(keysDir, { recursive: true, force: true });
  }
}
