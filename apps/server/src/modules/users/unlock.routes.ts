import type { FastifyInstance } from 'fastify';
import { authApi } from '@portal/shared';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { operationRoutes } from '../../plugins/operations';
import type { AuthServices } from '../auth';
import { heldForUsers } from './changes';
import { scopeOf } from './scope';
import { unlocker } from './unlock';
import { lockedPeople } from './users.queries';

/**
 * Spec §7 `userUnlock/queryLockUser` and `userUnlock/update`: bank staff list and unlock locked
 * users; an enterprise administrator those of its enterprise, a person only if all their seats
 * are there, and only once a second administrator approves (待审批变更).
 */
export async function unlockRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx } = services;
  const routes = operationRoutes(app, ctx);
  const unlock = unlocker(services);

  routes.json(authApi.lockedUsers, async ({ session }) => lockedPeople(ctx.database.db, scopeOf(session)));

  // A signed operation: the signature is verified in the unlock's own transaction.
  routes.json(authApi.unlockUser, async ({ input, session, request, reply }) => {
    if (await heldForUsers(ctx.database.db, session, { userId: input.userId })) {
      const held = await app.dualControl.hold(request, reply, session, 'operator.unlock', input);
      if (held) return held;
    }
    return unlock(request, session, input.userId, (trx) => verifyOperationSignature(trx, request, input));
  });
}
