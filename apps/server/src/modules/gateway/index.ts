import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_FIELDS, gatewayApi, type FlagField } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { ApiRegistry } from '../../platform/api-registry';
import type { SessionInfo } from '../../platform/sessions';
import { operationRoutes } from '../../plugins/operations';
import { loosensFlag, loosensUpdate, registerGatewayChanges } from './changes';
import type { CallCounts } from './call-counts';
import { allDefinitions, pageOfDefinitions, partnerOpenDefinitions, servedDefinitions } from './gateway.queries';
import { gatewayService } from './gateway.service';
import { partnerDocument } from './partner-document';

/** Spec §7 "API management under {urlPrefix}": bank staff administer the live API catalogue. */
export async function gatewayRoutes(app: FastifyInstance, ctx: AppContext, registry: ApiRegistry, counts: CallCounts) {
  const routes = operationRoutes(app, ctx);
  const service = gatewayService(ctx, registry);
  const db = ctx.database.db;

  routes.json(gatewayApi.apiPage, async ({ input }) => {
    const { page, limit, ...filter } = input;
    return pageOfDefinitions(db, filter, page, limit);
  });
  routes.json(gatewayApi.apiAll, async ({ input }) => allDefinitions(db, input.serviceId));

  routes.json(gatewayApi.partnerDocument, async () => {
    return partnerDocument(await partnerOpenDefinitions(db), ctx.config.API_BASE);
  });

  routes.json(gatewayApi.gatewayCount, async () => {
    const rows = await servedDefinitions(db);
    const figures = await counts.read(rows.map((r) => r.contract_id as string));
    return rows.map((r) => ({ apiId: r.api_id, apiCode: r.api_code, path: r.path, ...figures.get(r.contract_id as string)! }));
  });

  routes.json(gatewayApi.apiAdd, async ({ input, request }) => service.add(request, input));
  // A change that loosens a call waits for a second staff member (待审批变更).
  registerGatewayChanges(app.dualControl, service);
  routes.json(gatewayApi.apiUpdate, async ({ input, session, request, reply }) => {
    const held = (await loosensUpdate(db, input)) ? await app.dualControl.hold(request, reply, session, 'gateway.update', input) : null;
    if (held) return held;
    const { apiId, ...fields } = input;
    return service.update(request, apiId, fields);
  });
  routes.json(gatewayApi.apiRemove, async ({ input, request }) => {
    await service.remove(request, [input.apiId]);
    return null;
  });
  routes.json(gatewayApi.apiBatchRemove, async ({ input, request }) => service.remove(request, input.ids));

  const setFlag = async (call: { session: SessionInfo; request: FastifyRequest; reply: FastifyReply }, ids: number[], field: FlagField, value: 0 | 1) => {
    const change = { ids, field, value };
    const held = (await loosensFlag(db, change)) ? await app.dualControl.hold(call.request, call.reply, call.session, 'gateway.flags', change) : null;
    return held ?? service.setFlag(call.request, ids, field, value);
  };
  routes.json(gatewayApi.apiBatchOpen, async (call) => setFlag(call, call.input.ids, BATCH_FIELDS.open, call.input.open));
  routes.json(gatewayApi.apiBatchStatus, async (call) => setFlag(call, call.input.ids, BATCH_FIELDS.status, call.input.status));
  routes.json(gatewayApi.apiBatchEncrypt, async (call) => setFlag(call, call.input.ids, BATCH_FIELDS.encrypt, call.input.encrypt));
  routes.json(gatewayApi.apiBatchAuth, async (call) => setFlag(call, call.input.ids, BATCH_FIELDS.auth, call.input.auth));
}

export { CallCounts } from './call-counts';
