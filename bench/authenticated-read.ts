import { apiLogin } from './lib/api-login';
import { LOGIN_ENV } from './lib/login';
import { startPortalServer } from './lib/server-process';
import { platformApi, sessionApi } from '@portal/shared';
import { apiPath } from './lib/api-url';
import { load, type Load } from './lib/load';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ROUNDS = 2;

const loadFor = (url: string, headers: Record<string, string>, durationS: number) => load(url, { connections: CONNECTIONS, durationS, headers });

const median = (runs: Load[]): Load => [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)]!;

/**
 * Health against `GET {prefix}/current/user` with a logged-in session (appid, BL, rev and
 * Bearer token, as the web client sends it), on one server started with `env`. The two loads
 * alternate over ROUNDS rounds after a warm-up; each side reports its median round.
 */
async function compare(port: number, env: Record<string, string>) {
  const server = await startPortalServer(port, { ...LOGIN_ENV, ...env });
  try {
    const headers = await apiLogin(server.origin, 'demo', 'Demo1234');
    const healthUrl = server.origin + apiPath(platformApi.systemHealth);
    const userUrl = server.origin + apiPath(sessionApi.currentUser);
    const check = await fetch(userUrl, { headers });
    if (!check.ok) throw new Error(`current/user answered ${check.status}`);
    await loadFor(healthUrl, {}, 2);
    await loadFor(userUrl, headers, 2);
    const health: Load[] = [];
    const user: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      health.push(await loadFor(healthUrl, {}, DURATION_S));
      user.push(await loadFor(userUrl, headers, DURATION_S));
    }
    const h = median(health);
    const u = median(user);
    return { health: h, currentUser: u, ratio: Number((u.requestsPerSec / h.requestsPerSec).toFixed(3)) };
  } finally {
    await server.stop();
  }
}

/**
 * An authenticated read (`current/user` with a session) against the health route of the same
 * server: on the embedded database, and on PostgreSQL + Redis when DATABASE_URL and REDIS_URL
 * are set (a schema and key prefix of the benchmark's own).
 */
export async function authenticatedRead() {
  const embedded = await compare(8298, { DATABASE_URL: '', REDIS_URL: '' });
  const { DATABASE_URL, REDIS_URL } = process.env;
  const services =
    DATABASE_URL && REDIS_URL
      ? await compare(8299, { DATABASE_URL, REDIS_URL, DATABASE_SCHEMA: 'bench_authread', KV_PREFIX: `bench:${process.pid}:` })
      : { skipped: 'set DATABASE_URL and REDIS_URL to measure on PostgreSQL + Redis' };
  return { durationSeconds: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS, embedded, postgresRedis: services };
}
