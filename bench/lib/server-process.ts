import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { platformApi } from '@portal/shared';
import { apiPath } from './api-url';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  origin: string;
  /** The server's process id (memory is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/** The real production server (built web app, embedded database) in a child process. */
export async function startPortalServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', '--seed'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin + apiPath(platformApi.systemHealth), child);
  } catch (err) {
    await stop(); // a server still seeding would otherwise keep the port of the next run
    throw err;
  }
  return { origin, pid: child.pid!, stop };
}

/** A bare Fastify JSON route, the ceiling our own stack is compared against. */
export async function startBareServer(port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(`${origin}/`, child);
  return {
    origin,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
