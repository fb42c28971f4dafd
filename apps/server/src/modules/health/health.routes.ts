import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, platformApi, type HealthComponent } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { migrationFiles, pendingMigrations } from '../../db/migrate';
import { registry } from '../../metrics';
import { callerIsStaff } from '../../platform/access';
import { AppError } from '../../plugins/errors';
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

type Components = { database: HealthComponent; kv: HealthComponent; pendingMigrations: number };

/**
 * Load balancers poll health from every instance, often many times a second. Concurrent
 * checks share one probe and a result is reused for a second, so polling never becomes
 * load on the database; an outage shows within a second.
 */
function sharedProbe(ctx: AppContext, migrations: readonly string[], maxAgeMs = 1_000) {
  let last: { at: number; result: Components } | undefined;
  let inFlight: Promise<Components> | undefined;
  // A database restored from before an upgrade lacks this build's migrations: not ready.
  const pending = () => pendingMigrations(ctx.database, migrations).then((p) => p.length, () => migrations.length);
  return async (): Promise<Components> => {
    if (last && Date.now() - last.at < maxAgeMs) return last.result;
    inFlight ??= Promise.all([
      probe(ctx.database.kind, () => ctx.database.ping()),
      probe(ctx.kv.kind, () => ctx.kv.ping()),
      pending(),
    ])
      .then(([database, kv, pendingMigrations]) => {
        last = { at: Date.now(), result: { database, kv, pendingMigrations } };
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
  const components = sharedProbe(ctx, await migrationFiles());
  const routes = operationRoutes(app, ctx);
  // From the moment the server starts closing (SIGTERM), the balancer must stop sending traffic.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  routes.json(platformApi.systemLiveness, async () => ({ status: 'UP' as const }));

  routes.json(platformApi.systemReadiness, async ({ reply }) => {
    const { database, kv, pendingMigrations } = await components();
    const databaseState = database.status === 'DOWN' ? 'DOWN' : pendingMigrations > 0 ? 'PENDING_MIGRATIONS' : 'UP';
    const kvState = kv.status === 'UP' ? 'UP' : 'DEGRADED';
    const ready = !stopping && databaseState === 'UP';
    const status = !ready ? 'NOT_READY' : kvState === 'UP' ? 'READY' : 'DEGRADED';
    const entry = ready ? RETURN_CODES.SUCCESS : RETURN_CODES.SERVICE_UNAVAILABLE;
    const data = { status, stopping, database: databaseState, kv: kvState } as const;
    return reply.code(entry.status).send({ returnCode: entry.code, returnMsg: entry.message, data });
  });

  // Unset METRICS_TOKEN: not served. A wrong token gets the same 404, so the route cannot be probed.
  const token = ctx.config.METRICS_TOKEN ? Buffer.from(`Bearer ${ctx.config.METRICS_TOKEN}`) : undefined;
  routes.raw(platformApi.systemMetrics, async ({ request, reply }) => {
    const sent = Buffer.from(request.headers.authorization ?? '');
    if (!token || sent.length !== token.length || !timingSafeEqual(sent, token)) throw new AppError(RETURN_CODES.NOT_FOUND);
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });

  routes.json(platformApi.systemHealth, async ({ request, reply }) => {
    const { database, kv } = await components();
    const up = database.status === 'UP' && kv.status === 'UP';
    const status = up ? ('UP' as const) : ('DOWN' as const);
    const data = (await callerIsStaff(request))
      ? { status, version: VERSION, uptimeSeconds: Math.round((Date.now() - STARTED_AT) / 1000), database, kv }
      : { status };
    // UP answers as any operation's success does; only the 503, which carries data too, is sent
    // by hand (a returned reply is awaited until written: listeners on the response at each poll).
    if (up) return data;
    const entry = RETURN_CODES.SERVICE_UNAVAILABLE;
    return reply.code(entry.status).send({ returnCode: entry.code, returnMsg: entry.message, data });
  });
}
