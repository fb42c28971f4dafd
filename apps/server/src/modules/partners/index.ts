import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, partnersApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { PartnerTokens } from './partner-tokens';
import { partnersService } from './partners.service';

/**
 * Partner access (docs/partner-access.md): the token endpoint, staff administration of clients
 * (API网关管理 › 合作方管理), and an audit entry for every call a partner token makes.
 */
export async function partnersModule(app: FastifyInstance, ctx: AppContext, tokens: PartnerTokens) {
  const routes = operationRoutes(app, ctx);
  const service = partnersService(ctx, tokens);

  routes.json(partnersApi.partnerToken, async ({ request }) => {
    const query = partnersApi.partnerTokenQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError(RETURN_CODES.INVALID_PARAMETER, query.error.issues[0]!.message);
    return service.token(request);
  });
  routes.json(partnersApi.partnerList, async () => service.list());
  routes.json(partnersApi.partnerAdd, async ({ input, request }) => service.add(request, input));
  routes.json(partnersApi.partnerUpdate, async ({ input, request }) => service.update(request, input));
  routes.json(partnersApi.partnerRotate, async ({ input, request }) => service.rotate(request, input.clientId));
  routes.json(partnersApi.partnerRevoke, async ({ input, request }) => {
    await service.revoke(request, input.clientId);
    return null;
  });

  // A callback hook: a person's call passes without a promise of its own.
  app.addHook('onResponse', (request, reply, done) => {
    const session = request.session;
    if (!session?.partnerClientId) return done();
    recordAudit(ctx.database, request, {
      event: 'partner.call',
      outcome: reply.statusCode < 400 ? 'success' : 'failure',
      detail: { partnerClientId: session.partnerClientId, operation: request.operation?.id, status: reply.statusCode },
    })
      .catch((err: unknown) => request.log.error({ err }, 'partner call audit failed'))
      .finally(done);
  });
}

export { PartnerTokens } from './partner-tokens';
