import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { openKvStore } from '../../src/kv/open-kv';
import type { KvStore } from '../../src/kv/kv-store';
import { captchaKey } from '../../src/modules/auth/captcha';
import { loginClient } from '../helpers/login-client';
import { originTarget } from '../helpers/origin-target';
import { openSse } from '../helpers/sse-client';

const serverDir = path.resolve(import.meta.dirname, '../..');
const root = path.resolve(serverDir, '../..');
const P = '/pmobile/customer';

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** The balancer's port: the first of `count` consecutive free ports. */
async function freePortRun(count: number, from = 8340, to = 8399) {
  for (let base = from; base + count - 1 <= to; base += count) {
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports in ${from}-${to}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm run cluster` as an operator runs it: three production instances of the compiled server
 * behind Debian's haproxy, on this suite's PostgreSQL (a schema of its own) and Redis (a prefix of
 * its own). Clients talk to the balancer only; one instance is killed on the way.
 */
describe('npm run cluster', () => {
  const id = randomBytes(4).toString('hex');
  const schema = `cluster_${id}`;
  const kvPrefix = `test:cluster:${id}:`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-test-'));
  let cluster: ChildProcess;
  let exited: Promise<number | null>;
  let output = '';
  let origin: string;
  let instancePids: number[] = [];
  let haproxyPid: number;
  let kv: KvStore;

  /** Waits for the cluster to print a line matching `pattern`. */
  async function printed(pattern: RegExp, timeoutMs: number) {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      const match = pattern.exec(output);
      if (match) return match;
      if (cluster.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the cluster did not print ${pattern} (${cluster.exitCode === null ? 'in time' : `exited ${cluster.exitCode}`}):\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    // The cluster builds what is missing itself; this keeps the suite's time to the server's few
    // seconds. WEB_DIST below keeps it from building the web app, which this test does not load.
    if (!fs.existsSync(path.join(serverDir, 'dist/main.js'))) execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    kv = await openKvStore({ url: process.env.REDIS_URL as string, prefix: kvPrefix });
    const port = await freePortRun(4);
    cluster = spawn(process.execPath, ['scripts/cluster.mjs', '--size', '3', '--seed'], {
      cwd: root,
      env: {
        ...process.env,
        CLUSTER_PORT: String(port),
        DATABASE_SCHEMA: schema,
        KV_PREFIX: kvPrefix,
        CRYPTO_KEYS_DIR: path.join(tmp, 'keys'),
        WEB_DIST: path.join(tmp, 'no-web-build'),
        // Heartbeats often enough to see them cross the balancer within the test.
        EVENTS_HEARTBEAT_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => cluster.on('exit', (code) => resolve(code)));
    cluster.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr!.on('data', (d: Buffer) => (output += d.toString()));

    origin = (await printed(/cluster ready: (http:\/\/127\.0\.0\.1:\d+)/, 100_000))[1]!;
    instancePids = [...output.matchAll(/ {2}instance \d {2}http:\S+ {2}pid (\d+)/g)].map((m) => Number(m[1]));
    haproxyPid = Number((await printed(/haproxy pid (\d+)/, 1_000))[1]);
    expect(instancePids).toHaveLength(3);
  }, 120_000);

  afterAll(async () => {
    if (cluster?.exitCode === null) {
      // The script stops what it started (its instances and haproxy run in groups of their own);
      // only if it does not, they are killed one by one.
      cluster.kill('SIGTERM');
      await Promise.race([new Promise((done) => cluster!.once('exit', done)), new Promise((done) => setTimeout(done, 15_000))]);
      if (cluster.exitCode === null) cluster.kill('SIGKILL');
      [...instancePids, haproxyPid].forEach((pid) => pid && alive(pid) && process.kill(pid, 'SIGKILL'));
    }
    await kv?.close();
    const database = await openDatabase({ url: process.env.DATABASE_URL as string });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A login through the balancer. Production draws a real captcha: its answer is read where every instance keeps it. */
  async function token(client: Awaited<ReturnType<typeof loginClient>>, username: string, password: string) {
    expect((await client.captcha()).statusCode).toBe(200);
    const answer = await kv.get(captchaKey(client.envelope.rev));
    const { json, data } = await client.attempt(username, password, { fetchCaptcha: false, captcha: answer ?? '' });
    expect(json.returnCode, json.returnMsg).toBe('000000');
    return (data as { access_token: string }).access_token;
  }

  it('serves logins, sessions and event streams through the balancer, and goes on when an instance dies', { timeout: 60_000 }, async () => {
    const client = await loginClient(originTarget(origin));
    const currentUser = async (accessToken: string) => {
      const { res, data } = await client.get(`${P}/current/user`, {}, accessToken);
      return { status: res.statusCode, username: (data as { username?: string } | undefined)?.username };
    };
    // Each login's steps (captcha, server random, login) land on different instances in turn.
    const demo = await token(client, 'demo', 'Demo1234');
    for (let i = 0; i < 3; i++) expect(await currentUser(demo)).toEqual({ status: 200, username: 'demo' });

    // The event stream crosses the balancer unbuffered: its heartbeats arrive as written.
    const { data } = await client.call(`${P}/events/ticket`, {}, demo);
    const stream = await openSse(origin, `/pmobile/events/stream?ticket=${(data as { ticket: string }).ticket}`);
    expect(stream.status, stream.body).toBe(200);
    await expect.poll(() => stream.heartbeats, { timeout: 5_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    stream.close();

    process.kill(instancePids[0]!, 'SIGKILL');
    // Only the request in flight as the instance dies may be lost with its connection.
    const first = await currentUser(demo).catch(() => ({ status: 0, username: undefined }));
    if (first.status !== 200) expect(await currentUser(demo)).toEqual({ status: 200, username: 'demo' });
    await printed(/cluster: instance 1 \(pid \d+, port \d+\) exited \(SIGKILL\); not restarted/, 5_000);
    await printed(/instance1 is DOWN/, 15_000);

    // The session made before the death, and new logins, work on the two left, with no retry.
    for (let i = 0; i < 4; i++) expect(await currentUser(demo)).toEqual({ status: 200, username: 'demo' });
    for (const [username, password] of [['checker', 'Demo1234'], ['qyadmin', 'Demo1234'], ['demo', 'Demo1234']] as const) {
      const accessToken = await token(client, username, password);
      expect(await currentUser(accessToken)).toEqual({ status: 200, username });
    }
  });

  it('stops everything it started on SIGTERM, the instances gracefully', { timeout: 40_000 }, async () => {
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('cluster: stopping 2 instance(s) with SIGTERM');
    expect(output).toContain('cluster: stopped');
    for (const pid of [...instancePids, haproxyPid]) expect(alive(pid), `pid ${pid}`).toBe(false);
  });
});
