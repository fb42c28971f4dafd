import autocannon from 'autocannon';
import { startBareServer, startPortalServer } from './lib/server-process';
import { platformApi } from '@portal/shared';
import { apiPath } from './lib/api-url';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Health route (database and store pinged per request) against a bare Fastify JSON route. */
export async function httpThroughput() {
  const portal = await startPortalServer(8291);
  const bare = await startBareServer(8292);
  try {
    const health = await load(portal.origin + apiPath(platformApi.systemHealth));
    const bareRoute = await load(`${bare.origin}/`);
    return {
      durationSeconds: DURATION_S,
      connections: CONNECTIONS,
      health,
      bareFastify: bareRoute,
      ratio: Number((health.requestsPerSec / bareRoute.requestsPerSec).toFixed(3)),
    };
  } finally {
    await Promise.all([portal.stop(), bare.stop()]);
  }
}
