import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_CODES, apiEnvelopeSchema } from '@portal/shared';
import { AppError, ok } from '../../plugins/errors';
import { recordAudit } from '../audit/audit';
import type { AuthServices } from './auth-services';

const lockedUserSchema = z.object({
  userId: z.number(),
  username: z.string(),
  nickName: z.string(),
  failedAttempts: z.number(),
  lockedAt: z.string(),
});

/** Spec §7 `userUnlock/queryLockUser` and `userUnlock/update`: bank staff list and unlock locked users. */
export async function unlockRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;
  const access = { authority: ['USER_UNLOCK'] } as const;

  api.post(
    `${prefix}/userUnlock/queryLockUser`,
    {
      config: { access },
      schema: { tags: ['auth'], summary: '查询锁定用户', response: { 200: apiEnvelopeSchema(z.array(lockedUserSchema)) } },
    },
    async () => {
      const rows = await ctx.database.db
        .selectFrom('users')
        .select(['user_id', 'username', 'nick_name', 'failed_attempts', 'locked_at'])
        .where('locked_at', 'is not', null)
        .orderBy('locked_at', 'desc')
        .execute();
      return ok(
        rows.map((r) => ({
          userId: r.user_id,
          username: r.username,
          nickName: r.nick_name,
          failedAttempts: r.failed_attempts,
          lockedAt: (r.locked_at as Date).toISOString(),
        })),
      );
    },
  );

  api.post(
    `${prefix}/userUnlock/update`,
    {
      config: { access },
      schema: { tags: ['auth'], summary: '解锁用户', body: z.object({ userId: z.number().int().positive('用户编号不合法') }) },
    },
    async (request) => {
      const unlocked = await credentials.unlock(request.body.userId);
      await recordAudit(ctx.database, request, {
        event: 'user.unlock',
        outcome: unlocked ? 'success' : 'failure',
        detail: { targetUserId: request.body.userId, ...(unlocked ? {} : { reason: 'not_locked' }) },
      });
      if (!unlocked) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '该用户未被锁定');
      return ok(null);
    },
  );
}
