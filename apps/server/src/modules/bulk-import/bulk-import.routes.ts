import type { FastifyInstance } from 'fastify';
import { bulkImportApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import type { BulkImportDesk } from './bulk-import.service';

/** `{prefix}/instruction/import/…`: thin routes over the desk, always the session's enterprise. */
export function bulkImportRoutes(app: FastifyInstance, ctx: AppContext, desk: BulkImportDesk) {
  const routes = operationRoutes(app, ctx);
  const api = bulkImportApi;

  routes.json(api.importTrial, async ({ input, session, request }) => desk.trial(request, session, input));
  routes.json(api.importConfirm, async ({ input, session, request }) => desk.confirm(request, session, input));
  routes.json(api.importQuery, async ({ input, session }) => desk.list(session, input));
  routes.download(api.importTemplate, async () => desk.template());
  routes.download(api.importReport, async ({ input, session, request }) => desk.report(request, session, input));
}
