import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, authApi } from '@portal/shared';
import { audited } from '../../platform/audited';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { AuthServices } from '../auth';
import { scopeOf } from './scope';
import { wholePerson } from './whole-person';
import { lockedPeople } from './users.queries';

/**
 * Spec §7 `userUnlock/queryLockUser` and `userUnlock/update`: bank staff list and unlock locked
 * users; an enterprise administrator those of its enterprise, a person only if all their seats are there.
 */
export async function unlockRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials } = services;
  const routes = operationRoutes(app, ctx);

  routes.json(authApi.lockedUsers, async ({ session }) => lockedPeople(ctx.database.db, scopeOf(session)));

  // A signed operation: the signature is verified in the unlock's own transaction.
  routes.json(authApi.unlockUser, async ({ input, session, request }) =>
    audited(ctx.database, request, 'user.unlock', { targetUserId: input.userId }, async () => {
      await ctx.database.db.transaction().execute(async (trx) => {
        await verifyOperationSignature(trx, request, input);
        await wholePerson(trx, scopeOf(session), input.userId, '解锁');
        if (!(await credentials.unlock(input.userId, trx))) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '该用户未被锁定');
      });
      return { result: null, detail: {} };
    }),
  );
}
