import type { FastifyInstance } from 'fastify';
import { enterprisesApi } from '@portal/shared';
import { operationRoutes } from '../../plugins/operations';
import type { AuthServices } from '../auth';
import { enterprisesInService, listEnterprises } from './enterprises.queries';
import type { EnterpriseAdmin } from './enterprises.service';

/** `{prefix}/enterprise…`: thin routes over the queries and the service. */
export function enterpriseRoutes(app: FastifyInstance, auth: AuthServices, admin: EnterpriseAdmin) {
  const db = auth.ctx.database.db;
  const routes = operationRoutes(app, auth.ctx);

  routes.json(enterprisesApi.enterpriseList, async ({ input }) => listEnterprises(db, input));
  routes.json(enterprisesApi.enterpriseAll, async () => enterprisesInService(db));
  routes.json(enterprisesApi.enterpriseAdd, async ({ input, request }) => admin.add(request, input));
  routes.json(enterprisesApi.enterpriseUpdate, async ({ input, request }) => admin.update(request, input));
  routes.json(enterprisesApi.enterpriseDisable, async ({ input, request }) => admin.setStatus(request, input.enterpriseNo, 0));
  routes.json(enterprisesApi.enterpriseEnable, async ({ input, request }) => admin.setStatus(request, input.enterpriseNo, 1));
  routes.json(enterprisesApi.enterpriseDelete, async ({ input, request }) => admin.delete(request, input.enterpriseNo));
}
