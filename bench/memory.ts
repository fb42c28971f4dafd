import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { READINESS, ROOT, SERVER, httpStatus, prepareStores } from '../scripts/lib/cluster-parts.mjs';

/** After start-up, the process rests this long before its RSS is read (timers run, the GC catches up). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5_000);

/** The production command (deploy/portal.service) with `entry` for apps/server/dist/main.js. */
const serverArgs = (entry: string) => [...SERVER.slice(0, -1), entry];
const mb = (kb: number) => Math.round(kb / 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory now (VmRSS) and its peak over the process's life (VmHWM), in MB, from /proc. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMB: mb(field('VmRSS')), peakMB: mb(field('VmHWM')) };
}

function ratio(figure: number, peer: number) {
  return Number((figure / peer).toFixed(2));
}

/** A child process whose memory is read; `ready` resolves once it serves (or says so on stdout). */
interface Measured {
  child: ChildProcess;
  stop(): Promise<void>;
}

function spawnMeasured(args: string[], env: Record<string, string | undefined>): Measured {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function untilHttpOk(url: string, { child }: Measured, timeoutMs = 300_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} while starting`);
    if ((await httpStatus(url)) === 200) return;
    await sleep(50);
  }
  throw new Error(`${url} not ready`);
}

async function untilLine({ child }: Measured, line: string) {
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(line)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before saying ${line}: ${seen}`)));
  });
}

/** Idle RSS: the median of five readings a second apart, after SETTLE_MS at rest. */
async function idleRss(pid: number) {
  await sleep(SETTLE_MS);
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await sleep(1_000);
    readings.push(memoryOf(pid).rssMB);
  }
  return readings.sort((a, b) => a - b)[2]!;
}

// The peers are plain ES modules run by node itself, as the compiled server is (no TypeScript loader).
const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ returnCode: '000000', returnMsg: '成功', data: { status: 'UP' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;
/** PGlite with its defaults on DATA_DIR (created when missing) and one query; says "ready". */
const BARE_PGLITE = `
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create({ dataDir: process.env.PGDATA_DIR });
await db.query('select count(*) from pg_class');
console.log('ready');
`;

async function bareFastifyIdle(port: number) {
  const bare = spawnMeasured(['--input-type=module', '-e', BARE_FASTIFY], { ...process.env, PORT: String(port) });
  try {
    await untilHttpOk(`http://127.0.0.1:${port}/`, bare);
    await fetch(`http://127.0.0.1:${port}/`);
    return await idleRss(bare.child.pid!);
  } finally {
    await bare.stop();
  }
}

/** A bare PGlite process on `dataDir`: its peak RSS up to its first answer and its idle RSS after. */
async function barePGlite(dataDir: string) {
  const bare = spawnMeasured(['--input-type=module', '-e', BARE_PGLITE], { ...process.env, PGDATA_DIR: dataDir });
  try {
    await untilLine(bare, 'ready');
    const { peakMB } = memoryOf(bare.child.pid!);
    return { peakMB, idleMB: await idleRss(bare.child.pid!) };
  } finally {
    await bare.stop();
  }
}

/** The server as `npm start` runs it outside production (embedded database in DATA_DIR, demo data). */
async function portalOnPGlite(entry: string, dataDir: string, port: number) {
  const server = spawnMeasured([...serverArgs(entry), '--seed'], {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  try {
    await untilHttpOk(`http://127.0.0.1:${port}${READINESS}`, server);
    const { peakMB } = memoryOf(server.child.pid!);
    return { peakMB, idleMB: await idleRss(server.child.pid!) };
  } finally {
    await server.stop();
  }
}

/** The compiled server as production runs it on PostgreSQL + Redis (keys made and migrations applied beforehand). */
async function portalOnPostgres(entry: string, port: number) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) return null;
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-memory-keys-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_SCHEMA: 'bench_memory',
    KV_PREFIX: `bench:${process.pid}:`,
    CRYPTO_KEYS_DIR: keysDir,
    LOG_LEVEL: 'warn',
  };
  try {
    prepareStores(env, { stdio: ['ignore', 'ignore', 'inherit'] });
    const server = spawnMeasured(serverArgs(entry), env);
    try {
      await untilHttpOk(`http://127.0.0.1:${port}${READINESS}`, server);
      return await idleRss(server.child.pid!);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(keysDir, { recursive: true, force: true });
  }
}

/** The median of `runs` measurements (memory depends on when the GC ran: one reading is noisy). */
async function median(runs: number, measure: (run: number) => Promise<number>) {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(await measure(i));
  values.sort((a, b) => a - b);
  return { medianMB: values[Math.floor(values.length / 2)]!, runsMB: values };
}

/** One compiled server's figures: idle on PostgreSQL, first start on a new data directory, idle after a restart. */
async function serverFigures(entry: string, work: string, runs: number) {
  const postgres = process.env.DATABASE_URL && process.env.REDIS_URL ? await median(runs, () => portalOnPostgres(entry, 8572).then((mb) => mb!)) : null;
  // The first run's data directory is kept for the restarts.
  const dataDir = fs.mkdtempSync(path.join(work, 'portal-'));
  const firstStart = await median(runs, async (run) => {
    const dir = run === 0 ? dataDir : fs.mkdtempSync(path.join(work, 'portal-'));
    try {
      return (await portalOnPGlite(entry, dir, 8573)).peakMB;
    } finally {
      if (dir !== dataDir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  const restartIdle = await median(runs, async () => (await portalOnPGlite(entry, dataDir, 8573)).idleMB);
  return { entry: path.relative(ROOT, entry), postgres, firstStart, restartIdle, dataDir };
}

/**
 * The server's memory against its peers, each measured in this run: idle RSS of the compiled
 * server on PostgreSQL + Redis against a bare Fastify; the peak RSS of a first start on a new
 * data directory (create, migrate, seed, serve, as `npm start` does) against a bare PGlite
 * creating an empty cluster; and idle RSS after a restart on that data against a bare PGlite
 * opening the same data and running one query. BENCH_MEMORY_BASELINE names another compiled
 * server (say main's, built into apps/server/dist-base/) to measure in the same run, for a
 * before and after.
 */
export async function memoryBench() {
  const runs = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-memory-'));
  try {
    const bareFastify = await median(runs, () => bareFastifyIdle(8571));
    const newCluster = await median(runs, async (run) => (await barePGlite(path.join(work, `empty-${run}`))).peakMB);
    const baselineEntry = process.env.BENCH_MEMORY_BASELINE;
    const builds = [path.join(ROOT, 'apps/server/dist/main.js'), ...(baselineEntry ? [path.resolve(baselineEntry)] : [])];
    const figures = [];
    for (const entry of builds) {
      const server = await serverFigures(entry, work, runs);
      // The peer opens the data the server made and restarted on.
      const sameData = await median(runs, async () => (await barePGlite(path.join(server.dataDir, 'pgdata'))).idleMB);
      figures.push({
        build: server.entry,
        postgresIdle: server.postgres
          ? { rssMB: server.postgres.medianMB, bareFastifyMB: bareFastify.medianMB, ratio: ratio(server.postgres.medianMB, bareFastify.medianMB), goal: '≤ 150 MB', runsMB: server.postgres.runsMB }
          : { skipped: 'set DATABASE_URL and REDIS_URL to measure the server on PostgreSQL + Redis' },
        pgliteIdle: {
          rssMB: server.restartIdle.medianMB,
          barePGliteSameDataMB: sameData.medianMB,
          ratio: ratio(server.restartIdle.medianMB, sameData.medianMB),
          goal: '≤ 1.2 × bare PGlite on the same data',
          runsMB: server.restartIdle.runsMB,
          peerRunsMB: sameData.runsMB,
        },
        pgliteFirstStart: {
          peakMB: server.firstStart.medianMB,
          barePGliteNewClusterPeakMB: newCluster.medianMB,
          ratio: ratio(server.firstStart.medianMB, newCluster.medianMB),
          goal: '≤ 1.1 × bare PGlite creating an empty cluster',
          runsMB: server.firstStart.runsMB,
          peerRunsMB: newCluster.runsMB,
        },
      });
    }
    return { runs, settleMs: SETTLE_MS, bareFastifyRunsMB: bareFastify.runsMB, figures };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
