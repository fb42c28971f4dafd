import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { USERS } from '../src/seed/demo-data';

const serverDir = path.resolve(import.meta.dirname, '..');
const clean = { DATABASE_URL: '', REDIS_URL: '', ALLOW_EMBEDDED_IN_PRODUCTION: '' };

/** The compiled server as production runs it: plain node, no TypeScript loader. */
function startServer(env: Record<string, string>, args = ['--seed']) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitHealthy(port: number) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/pmobile/monitor/system/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000, interval: 300 },
    )
    .toBe(200);
}

describe('the server process', () => {
  const dataDir = path.join(os.tmpdir(), `portal-process-${process.pid}`);
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('refuses to start on an invalid setting, naming the variable', { timeout: 60_000 }, async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain('PORT');

    const badUrl = startServer({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir });
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.stderr()).toContain('DATABASE_URL');
  });

  it('refuses production on the embedded stores unless a single-node pilot says so, and then warns', { timeout: 240_000 }, async () => {
    const keysDir = path.join(dataDir, 'production-keys');
    const production = { NODE_ENV: 'production', CRYPTO_KEYS_DIR: keysDir, DATA_DIR: path.join(dataDir, 'pilot') };
    const refused = startServer(production, []);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('DATABASE_URL, REDIS_URL: both required in production');

    const pilot = { ...production, ALLOW_EMBEDDED_IN_PRODUCTION: '1' };
    const cli = (name: string) =>
      execFileSync(process.execPath, [`dist/cli/${name}.js`], { cwd: serverDir, env: { ...process.env, ...clean, ...pilot } });
    cli('generate-key');
    cli('generate-ca');
    const port = await freePort();
    const started = startServer({ ...pilot, PORT: String(port) }, []);
    await waitHealthy(port);
    // The process is plain node on the compiled bundle: no loader in its command line or options.
    const cmdline = (await fs.readFile(`/proc/${started.child.pid}/cmdline`, 'utf8')).split('\0');
    expect(cmdline.slice(1, 3)).toEqual(['--enable-source-maps', 'dist/main.js']);
    expect(cmdline.join(' ')).not.toMatch(/tsx|--import|--loader/);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.stdout()).toContain('ALLOW_EMBEDDED_IN_PRODUCTION');
  });

  it('shuts down cleanly on SIGTERM and keeps the embedded data across a restart', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    const readiness = () =>
      fetch(`http://127.0.0.1:${port}/pmobile/monitor/system/readiness`).then((r) => r.status, () => 0);
    expect(await readiness()).toBe(200);
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    // From the signal on, a balancer's check fails (503 while closing, then no listener).
    expect(await readiness()).not.toBe(200);
    expect(await first.exited).toBe(0);

    // Between the two runs, write a row the seed knows nothing about.
    const pgdata = path.join(dataDir, 'pgdata');
    let database = await openDatabase({ dataDir: pgdata });
    await database.db
      .insertInto('enterprises')
      .values({ enterprise_no: '7000000001', enterprise_name: '重启验证有限公司', enterprise_type: 'corporate' })
      .execute();
    await database.close();

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    database = await openDatabase({ dataDir: pgdata });
    const names = await database.db.selectFrom('enterprises').select('enterprise_name').execute();
    const users = await database.db.selectFrom('users').select('username').execute();
    await database.close();
    expect(names.map((n) => n.enterprise_name)).toContain('重启验证有限公司');
    expect(users.map((u) => u.username).sort()).toEqual(USERS.map((u) => u.username).sort());
    // Two cold starts of an embedded cluster (initdb in WASM) and two direct opens: slow on a busy machine.
  }, 360_000);
});
