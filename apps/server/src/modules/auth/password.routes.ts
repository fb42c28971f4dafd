import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASSWORD_HISTORY_DEPTH, PASSWORD_MESSAGES, RETURN_CODES, authApi, newPasswordProblem } from '@portal/shared';
import type { User } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { recordAudit } from '../audit/audit';
import type { AuthServices } from './auth-services';
import { openPassword } from './password-envelope';

interface ChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  base64ServerRandom: string;
  oldClientRandom: string;
  newClientRandom: string;
  confirmClientRandom: string;
}

/**
 * Spec §7 password calls: the forced change after 040007 (no session; the old password proves
 * who it is) and the dialog change of a logged-in user. Both take three control values over one
 * server random, enforce spec §5's rules and the last-5 history, and are audited.
 */
export async function passwordRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials, randoms, keys, sessions } = services;
  const routes = operationRoutes(app, ctx);

  async function change(request: FastifyRequest, user: User, input: ChangeInput, event: string) {
    const refuse = async (reason: string, entry: (typeof RETURN_CODES)[keyof typeof RETURN_CODES], message?: string) => {
      await recordAudit(ctx.database, request, { event, outcome: 'failure', userId: user.user_id, username: user.username, detail: { reason } });
      return new AppError(entry, message);
    };
    if (credentials.isLocked(user)) throw await refuse('locked', RETURN_CODES.ACCOUNT_LOCKED);
    if (!(await randoms.take(input.base64ServerRandom))) throw await refuse('random_invalid', RETURN_CODES.RANDOM_INVALID);
    const [oldPassword, newPassword, confirmPassword] = await Promise.all([
      openPassword(keys, input.oldPassword, input.base64ServerRandom, input.oldClientRandom),
      openPassword(keys, input.newPassword, input.base64ServerRandom, input.newClientRandom),
      openPassword(keys, input.confirmPassword, input.base64ServerRandom, input.confirmClientRandom),
    ]);
    if (oldPassword === null || newPassword === null || confirmPassword === null) {
      throw await refuse('password_envelope_invalid', RETURN_CODES.RANDOM_INVALID);
    }
    if (!(await credentials.verify(user, oldPassword, request))) {
      const after = await credentials.findUser(user.username);
      throw await refuse('old_password_wrong', after && credentials.isLocked(after) ? RETURN_CODES.ACCOUNT_LOCKED : RETURN_CODES.OLD_PASSWORD_WRONG);
    }
    const problem = newPasswordProblem(newPassword);
    if (problem) throw await refuse('rule', RETURN_CODES.PASSWORD_RULE, problem);
    if (newPassword !== confirmPassword) throw await refuse('mismatch', RETURN_CODES.PASSWORD_RULE, PASSWORD_MESSAGES.mismatch);
    if (await credentials.usedBefore(user, newPassword, PASSWORD_HISTORY_DEPTH)) {
      throw await refuse('reused', RETURN_CODES.PASSWORD_REUSED);
    }
    await credentials.setPassword(user, newPassword, PASSWORD_HISTORY_DEPTH);
    await recordAudit(ctx.database, request, { event, outcome: 'success', userId: user.user_id, username: user.username });
  }

  routes.json(authApi.forcePasswordUpdate, async ({ input, request }) => {
    const user = await credentials.findUser(input.username);
    if (!user || user.status !== 1) throw new AppError(RETURN_CODES.CREDENTIALS_INVALID);
    await change(request, user, input, 'password.force_change');
    // Every session of the person ends: they log in again with the new password.
    await sessions.revokeUser(user.user_id);
    return null;
  });

  routes.json(authApi.passwordUpdate, async ({ input, request }) => {
    const session = request.session!;
    if (input.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
    const user = (await credentials.findUser(session.username))!;
    await change(request, user, { ...input, confirmPassword: input.newPasswordConfirm }, 'password.change');
    return null;
  });

  routes.json(authApi.isExpiredOrFirstLogin, async ({ input, request }) => {
    const session = request.session!;
    if (input.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
    const user = (await credentials.findUser(session.username))!;
    return credentials.mustChangePassword(user);
  });
}
