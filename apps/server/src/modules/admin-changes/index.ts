import type { FastifyInstance } from 'fastify';
import { adminChangesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';

/**
 * 系统管理 › 待审批变更 (docs/features/dual-control.md): the session's enterprise's administrative
 * changes (staff: the bank's), their approval, rejection and withdrawal, and the bank's waivers.
 * The mechanism and the registry of change kinds are `platform/dual-control.ts`.
 */
export async function adminChangesModule(app: FastifyInstance, ctx: AppContext) {
  const routes = operationRoutes(app, ctx);
  const dual = app.dualControl;
  routes.json(adminChangesApi.adminChangePage, async ({ input, session }) => dual.page(session, input));
  routes.json(adminChangesApi.adminChangeDecide, async ({ input, session, request }) => dual.decide(request, session, input));
  routes.json(adminChangesApi.adminChangeWithdraw, async ({ input, session, request }) => {
    await dual.withdraw(request, session, input.changeId);
    return null;
  });
  routes.json(adminChangesApi.dualControlWaivers, async () => dual.waivers());
  routes.json(adminChangesApi.dualControlWaive, async ({ input, session, request }) => {
    await dual.waive(request, session, input);
    return null;
  });
}
