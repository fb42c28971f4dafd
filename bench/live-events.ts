import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eventsApi } from '@portal/shared';
import { apiSession } from './lib/api-login';
import { apiPath } from './lib/api-url';
import type { ServerReply, ServerRequest } from './lib/live-events-server';
import { LOGIN_ENV } from './lib/login';

const PORT = 8302;
const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1_000);
const PUBLISHES = 20;
/** Logins whose sessions share the streams (one session per seat; many tabs per session). */
const USERS = [
  ['demo', 'Demo1234'],
  ['checker', 'Demo1234'],
  ['qyadmin', 'Demo1234'],
  ['zhouyang', 'Demo1234'],
  ['ztreview', 'Demo1234'],
  ['tpconfirm', 'Demo1234'],
  ['tpreview', 'Demo1234'],
] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => Number(n.toFixed(2));
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50ms: ms(percentile(sorted, 50)), p99ms: ms(percentile(sorted, 99)), maxms: ms(sorted.at(-1)!) };
};

/** The server process, with a typed request/answer over IPC. */
async function startServer(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-sse-'));
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'lib/live-events-server.ts'), {
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'test', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...LOGIN_ENV, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let exited: Error | undefined;
  const waiting = new Set<(reply: ServerReply | Error) => void>();
  child.on('message', (reply: ServerReply) => waiting.forEach((w) => w(reply)));
  child.once('exit', (code) => {
    exited = new Error(`server exited with ${code}`);
    waiting.forEach((w) => w(exited!));
  });
  const next = <T extends ServerReply['type']>(type: T) =>
    new Promise<Extract<ServerReply, { type: T }>>((resolve, reject) => {
      if (exited) return reject(exited);
      const waiter = (reply: ServerReply | Error) => {
        if (reply instanceof Error) reject(reply);
        else if (reply.type !== type) return;
        else resolve(reply as Extract<ServerReply, { type: T }>);
        waiting.delete(waiter);
      };
      waiting.add(waiter);
    });
  await next('ready');
  return {
    async ask<T extends ServerReply['type']>(request: ServerRequest, answer: T) {
      const reply = next(answer);
      child.send(request);
      return reply;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One SSE client on a connection of its own; calls `received` with each event id and its arrival time. */
function connect(url: string, received: (id: string, at: bigint) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = process.hrtime.bigint();
        for (const match of chunk.matchAll(/^id: (\S+)$/gm)) received(match[1]!, at);
      });
      res.on('error', () => undefined);
      resolve(req);
    });
    req.on('error', reject);
  });
}

async function measure(env: Record<string, string>) {
  const server = await startServer({ EVENTS_MAX_STREAMS_PER_SESSION: String(CLIENTS), ...env });
  const clients: http.ClientRequest[] = [];
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    const sessions: Awaited<ReturnType<typeof apiSession>>[] = [];
    for (const [username, password] of USERS) sessions.push(await apiSession(origin, username, password));
    const before = await server.ask({ type: 'memory' }, 'memory');

    const arrivals = new Map<string, bigint[]>();
    const received = (id: string, at: bigint) => arrivals.get(id)?.push(at) ?? arrivals.set(id, [at]);
    const streamUrl = origin + apiPath(eventsApi.eventStream);
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, async (_, j) => {
        const { ticket } = (await sessions[(i + j) % sessions.length]!.call(eventsApi.eventTicket, {})) as { ticket: string };
        return connect(`${streamUrl}?ticket=${ticket}`, received);
      });
      clients.push(...(await Promise.all(batch)));
    }
    const after = await server.ask({ type: 'memory' }, 'memory');
    if (after.streams !== CLIENTS) throw new Error(`${after.streams} streams connected, expected ${CLIENTS}`);

    const toLast: number[] = [];
    const everyDelivery: number[] = [];
    for (let n = 0; n < PUBLISHES + 2; n++) {
      const { id, publishedAt } = await server.ask({ type: 'publish', event: { kind: 'home.changed', counts: { n } }, audience: { to: 'customers' } }, 'published');
      const deadline = Date.now() + 10_000;
      while ((arrivals.get(id)?.length ?? 0) < CLIENTS) {
        if (Date.now() > deadline) throw new Error(`event ${id} reached ${arrivals.get(id)?.length ?? 0} of ${CLIENTS} clients`);
        await new Promise((r) => setTimeout(r, 2));
      }
      // The first two warm the paths up.
      if (n >= 2) {
        const delays = arrivals.get(id)!.map((at) => Number(at - BigInt(publishedAt)) / 1e6);
        toLast.push(Math.max(...delays));
        everyDelivery.push(...delays);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      clients: CLIENTS,
      publishes: PUBLISHES,
      publishToLastClient: summary(toLast),
      publishToEachClient: summary(everyDelivery),
      serverMemoryPerConnection: {
        rssKB: Number(((after.rss - before.rss) / CLIENTS / 1024).toFixed(1)),
        heapKB: Number(((after.heapUsed - before.heapUsed) / CLIENTS / 1024).toFixed(1)),
        externalKB: Number(((after.external - before.external) / CLIENTS / 1024).toFixed(1)),
      },
    };
  } finally {
    clients.forEach((c) => c.destroy());
    await server.stop();
  }
}

/**
 * 1,000 SSE clients (raw HTTP, a connection each, tickets from seven sessions) on one server;
 * an event to every customer, 20 times: from the publish call to the last client's arrival
 * (p50/p99), and the server's memory per connection (RSS, heap and external deltas over the
 * connections, after GC, measured in the server process). Embedded stores, and PostgreSQL +
 * Redis when DATABASE_URL and REDIS_URL are set (the event then goes through Redis).
 */
export async function liveEvents() {
  const embedded = await measure({ DATABASE_URL: '', REDIS_URL: '' });
  const { DATABASE_URL, REDIS_URL } = process.env;
  const services =
    DATABASE_URL && REDIS_URL
      ? await measure({ DATABASE_URL, REDIS_URL, DATABASE_SCHEMA: 'bench_events', KV_PREFIX: `bench:${process.pid}:` })
      : { skipped: 'set DATABASE_URL and REDIS_URL to measure on PostgreSQL + Redis' };
  return { embedded, postgresRedis: services };
}
