import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_CODES, apiEnvelopeSchema } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { callerIsStaff } from '../../plugins/access';
import { STARTED_AT, VERSION } from '../../version';

const componentSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  kind: z.string(),
  latencyMs: z.number(),
  error: z.string().optional(),
});

// Anonymous callers (load balancers) get the status only; the details are for bank staff.
const healthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  version: z.string().optional(),
  uptimeSeconds: z.number().optional(),
  database: componentSchema.optional(),
  kv: componentSchema.optional(),
});

async function probe(kind: string, check: () => Promise<void>): Promise<z.infer<typeof componentSchema>> {
  const started = performance.now();
  try {
    await check();
    return { status: 'UP', kind, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'DOWN', kind, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  }
}

type Components = { database: z.infer<typeof componentSchema>; kv: z.infer<typeof componentSchema> };

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
  app.withTypeProvider<ZodTypeProvider>().get(
    '/monitor/system/health',
    {
      config: { access: 'public', envelope: 'exempt' },
      schema: {
        tags: ['monitor'],
        summary: '系统健康检查',
        response: { 200: apiEnvelopeSchema(healthSchema), 503: apiEnvelopeSchema(healthSchema) },
      },
    },
    async (request, reply) => {
      const { database, kv } = await components();
      const up = database.status === 'UP' && kv.status === 'UP';
      const status = up ? ('UP' as const) : ('DOWN' as const);
      const data = (await callerIsStaff(request))
        ? { status, version: VERSION, uptimeSeconds: Math.round((Date.now() - STARTED_AT) / 1000), database, kv }
        : { status };
      const entry = up ? RETURN_CODES.SUCCESS : RETURN_CODES.SERVICE_UNAVAILABLE;
      return reply.code(entry.status).send({ returnCode: entry.code, returnMsg: entry.message, data });
    },
  );
}
