import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_CODES, apiEnvelopeSchema, int4Id } from '@portal/shared';
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
      const rows = await credentials.lockedUsers();
      return ok(rows.map((r) => ({ ...r, lockedAt: r.lockedAt.toISOString() })));
    },
  );

  api.post(
    `${prefix}/userUnlock/update`,
    {
      config: { access },
      schema: { tags: ['auth'], summary: '解锁用户', body: z.object({ userId: int4Id('用户编号须为1到2147483647之间的整数') }) },
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
