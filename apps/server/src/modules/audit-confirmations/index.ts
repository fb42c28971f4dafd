import type { FastifyInstance } from 'fastify';
import { auditConfirmationsApi as api } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import { ConfirmationDesk } from './confirmations.service';

/**
 * 询证函 (issue 29): an enterprise administrator issues a named auditor a time-limited link to a
 * document the bank signs (balances and statements from `cash`); the auditor opens it without a login.
 */
export async function auditConfirmationsModule(app: FastifyInstance, ctx: AppContext) {
  const desk = new ConfirmationDesk(ctx, app.bankSigner);
  const routes = operationRoutes(app, ctx);
  routes.json(api.confirmationAccounts, async ({ session }) => desk.accounts(session));
  routes.json(api.confirmationQuery, async ({ input, session }) => desk.list(session, input));
  routes.json(api.confirmationIssue, async ({ input, session, request }) => desk.issue(request, session, input));
  routes.json(api.confirmationRevoke, async ({ input, session, request }) => desk.revoke(request, session, input.id));
  routes.download(api.confirmationDownload, async ({ input, session, request }) => desk.download(request, session, input.id));
  routes.raw(api.confirmationOpen, async ({ input, request, reply }) => desk.open(request, reply, input.token));
}
