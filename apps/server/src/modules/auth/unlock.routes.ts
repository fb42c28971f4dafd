import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, authApi } from '@portal/shared';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { recordAudit } from '../audit/audit';
import { verifyOperationSignature } from '../signing';
import type { AuthServices } from './auth-services';

/** Spec §7 `userUnlock/queryLockUser` and `userUnlock/update`: bank staff list and unlock locked users. */
export async function unlockRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials } = services;
  const routes = operationRoutes(app, ctx);

  routes.json(authApi.lockedUsers, async () => {
    const rows = await ctx.database.db
      .selectFrom('users')
      .select(['user_id', 'username', 'nick_name', 'failed_attempts', 'locked_at'])
      .where('locked_at', 'is not', null)
      .orderBy('locked_at', 'desc')
      .execute();
    return rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      nickName: r.nick_name,
      failedAttempts: r.failed_attempts,
      lockedAt: (r.locked_at as Date).toISOString(),
    }));
  });

  // A signed operation: the signature is verified in the unlock's own transaction.
  routes.json(authApi.unlockUser, async ({ input, request }) => {
    const unlocked = await ctx.database.db
      .transaction()
      .execute(async (trx) => {
        await verifyOperationSignature(trx, request, input);
        return credentials.unlock(input.userId, trx);
      })
      .catch(async (err: unknown) => {
        if (err instanceof AppError) {
          await recordAudit(ctx.database, request, { event: 'user.unlock', outcome: 'failure', detail: { targetUserId: input.userId, reason: err.message } });
        }
        throw err;
      });
    await recordAudit(ctx.database, request, {
      event: 'user.unlock',
      outcome: unlocked ? 'success' : 'failure',
      detail: { targetUserId: input.userId, ...(unlocked ? {} : { reason: 'not_locked' }) },
    });
    if (!unlocked) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '该用户未被锁定');
    return null;
  });
}
