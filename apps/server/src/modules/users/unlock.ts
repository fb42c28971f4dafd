import type { FastifyRequest } from 'fastify';
import { RETURN_CODES } from '@portal/shared';
import { audited } from '../../platform/audited';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import type { AuthServices } from '../auth';
import { scopeOf } from './scope';
import type { Confirm } from './users.service';
import { wholePerson } from './whole-person';

/** The unlock write: `confirm` first in its transaction (the signature, or a second administrator's approval). */
export const unlocker =
  ({ ctx, credentials }: AuthServices) =>
  (request: FastifyRequest, session: SessionInfo, userId: number, confirm: Confirm) =>
    audited(ctx.database, request, 'user.unlock', { targetUserId: userId }, async () => {
      await ctx.database.db.transaction().execute(async (trx) => {
        await confirm(trx);
        await wholePerson(trx, scopeOf(session), userId, '解锁');
        if (!(await credentials.unlock(userId, trx))) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '该用户未被锁定');
      });
      return { result: null, detail: {} };
    });

