import type { FastifyInstance } from 'fastify';
import { BATCH_FIELDS, gatewayApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { ApiRegistry } from '../../platform/api-registry';
import { operationRoutes } from '../../plugins/operations';
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
  routes.json(gatewayApi.apiUpdate, async ({ input, request }) => {
    const { apiId, ...fields } = input;
    return service.update(request, apiId, fields);
  });
  routes.json(gatewayApi.apiRemove, async ({ input, request }) => {
    await service.remove(request, [input.apiId]);
    return null;
  });
  routes.json(gatewayApi.apiBatchRemove, async ({ input, request }) => service.remove(request, input.ids));

  routes.json(gatewayApi.apiBatchOpen, async ({ input, request }) => service.setFlag(request, input.ids, BATCH_FIELDS.open, input.open));
  routes.json(gatewayApi.apiBatchStatus, async ({ input, request }) => service.setFlag(request, input.ids, BATCH_FIELDS.status, input.status));
  routes.json(gatewayApi.apiBatchEncrypt, async ({ input, request }) => service.setFlag(request, input.ids, BATCH_FIELDS.encrypt, input.encrypt));
  routes.json(gatewayApi.apiBatchAuth, async ({ input, request }) => service.setFlag(request, input.ids, BATCH_FIELDS.auth, input.auth));
}

export { CallCounts } from './call-counts';
