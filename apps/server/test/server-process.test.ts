import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { USERS } from '../src/seed/demo-data';

const serverDir = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--seed'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

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
      { timeout: 60_000, interval: 300 },
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

  it('shuts down cleanly on SIGTERM and keeps the embedded data across a restart', async () => {
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    first.child.kill('SIGTERM');
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
  }, 120_000);
});
