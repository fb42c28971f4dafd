import { startBareServer, startPortalServer } from './lib/server-process';
import { platformApi } from '@portal/shared';
import { apiPath } from './lib/api-url';
import { load } from './lib/load';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;

const measure = (url: string) => load(url, { connections: CONNECTIONS, durationS: DURATION_S });

/** Health route (database and store pinged per request) against a bare Fastify JSON route. */
export async function httpThroughput() {
  const portal = await startPortalServer(8291);
  const bare = await startBareServer(8292);
  try {
    const health = await measure(portal.origin + apiPath(platformApi.systemHealth));
    const bareRoute = await measure(`${bare.origin}/`);
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
