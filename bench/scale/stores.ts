import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gone, startChild, type Child } from '../../scripts/lib/cluster-parts.mjs';

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const PG_BIN = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((d) => fs.existsSync(path.join(d, 'initdb')));
const REDIS = '/usr/bin/redis-server';

/** What the suite needs of the machine, or the first thing missing. */
export function missingTools(haproxy: string) {
  if (!PG_BIN) return "Debian's PostgreSQL server (apt-get install postgresql): no initdb under /usr/lib/postgresql";
  if (!fs.existsSync(REDIS)) return `${REDIS} (apt-get install redis-server)`;
  if (!fs.existsSync(haproxy)) return `${haproxy} (apt-get install haproxy)`;
  return null;
}

const isRoot = process.getuid?.() === 0;
/**
 * A PostgreSQL program; as the `postgres` OS user when this runs as root (initdb and postgres
 * refuse root). Asynchronous: the virtual users' clocks must not stop while it runs.
 */
async function pgRun(program: string, args: string[]) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN!, program), ...args]] : [path.join(PG_BIN!, program), args];
  // Detached: a Ctrl-C at the terminal reaches this process only, which stops PostgreSQL itself.
  const child = spawn(file, argv, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${program} ${args.at(-1)} failed (${code}): ${stderr.trim()}`);
}

/**
 * A PostgreSQL cluster of the suite's own: initdb in `dir`, a private port, its socket in `dir`,
 * trust for local connections only. Started and stopped with pg_ctl on that data directory only,
 * so nothing else on the machine is touched.
 */
export async function privatePostgres(dir: string) {
  const data = path.join(dir, 'pgdata');
  fs.mkdirSync(data, { recursive: true });
  if (isRoot) execFileSync('chown', ['-R', 'postgres:', dir]);
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: the faults kill processes, never the machine, so what PostgreSQL acknowledged is in
  // the kernel's cache and survives them; the disk's flush time stays out of the figures.
  // pg_stat_statements: the report counts the statements each phase cost per call.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c full_page_writes=off -c shared_buffers=128MB -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top`;
  const log = path.join(dir, 'postgres.log');
  let running = false;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    running = true;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** The fault: every PostgreSQL process ends at once, no checkpoint (crash recovery at the next start). */
    async stopImmediately() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    start,
    /** The end: a fast shutdown if it runs. */
    async stop() {
      if (running) await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    logTail: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : ''),
  };
}
export type PrivatePostgres = Awaited<ReturnType<typeof privatePostgres>>;

/** A redis-server of the suite's own on a private port, in memory only (no RDB, no AOF), a child of this process. */
export async function privateRedis(dir: string, log: (line: string) => void) {
  const port = await freePort();
  const argv = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'];
  let server: Child | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1_000);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  const start = async () => {
    server = startChild('redis', REDIS, argv, process.env, { out: log, err: log });
    for (const deadline = Date.now() + 10_000; !(await ping()); ) {
      if (gone(server) || Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Ends the server (its data goes with it) and waits for the exit. */
  const stop = async () => {
    if (server && !gone(server)) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    server = null;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
export type PrivateRedis = Awaited<ReturnType<typeof privateRedis>>;
