import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, platformApi, type HealthComponent } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { callerIsStaff } from '../../plugins/access';
import { operationRoutes } from '../../plugins/operations';
import { STARTED_AT, VERSION } from '../../version';

async function probe(kind: string, check: () => Promise<void>): Promise<HealthComponent> {
  const started = performance.now();
  try {
    await check();
    return { status: 'UP', kind, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'DOWN', kind, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  }
}

type Components = { database: HealthComponent; kv: HealthComponent };

/**
 * Load balancers poll health from every instance, often many times a second. Concurrent
 * checks share one probe and a result is reused for a second, so polling never becomes
 * load on the database; an outage shows within a second.
 */
function sharedProbe(ctx: AppContext, maxAgeMs = 1_000) {
  let last: { at: number; result: Components } | undefined;
  let inFlight: Promise<Components> | undefined;
  return async (): Promise<Components> => {
    if (last && Date.now() - last.at < maxAgeMs) return last.result;
    inFlight ??= Promise.all([
      probe(ctx.database.kind, () => ctx.database.ping()),
      probe(ctx.kv.kind, () => ctx.kv.ping()),
    ])
      .then(([database, kv]) => {
        last = { at: Date.now(), result: { database, kv } };
        return last.result;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

/**
 * Spec §7 `GET /monitor/system/health`: 503 while the database or the shared store is
 * unreachable. Anyone sees UP/DOWN; a bank-staff session (Bearer token) also sees the version,
 * the uptime and each component, whose kinds, latencies and errors are not for the public.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const components = sharedProbe(ctx);
  operationRoutes(app, ctx).json(platformApi.systemHealth, async ({ request, reply }) => {
    const { database, kv } = await components();
    const up = database.status === 'UP' && kv.status === 'UP';
    const status = up ? ('UP' as const) : ('DOWN' as const);
    const data = (await callerIsStaff(request))
      ? { status, version: VERSION, uptimeSeconds: Math.round((Date.now() - STARTED_AT) / 1000), database, kv }
      : { status };
    const entry = up ? RETURN_CODES.SUCCESS : RETURN_CODES.SERVICE_UNAVAILABLE;
    return reply.code(entry.status).send({ returnCode: entry.code, returnMsg: entry.message, data });
  });
}
