import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_HISTORY_DEPTH,
  PASSWORD_MESSAGES,
  RETURN_CODES,
  apiEnvelopeSchema,
  forcePasswordUpdateSchema,
  newPasswordProblem,
  passwordChangeSchema,
} from '@portal/shared';
import type { User } from '../../db/schema';
import { AppError, ok } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;

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

  api.post(
    `${prefix}/userPassword/force/update`,
    {
      config: { access: 'public' },
      onRequest: rateLimit(ctx.kv, 'login', ctx.config.LOGIN_RATE_LIMIT),
      schema: { tags: ['auth'], summary: '强制修改密码（首次登录或密码过期）', body: forcePasswordUpdateSchema },
    },
    async (request) => {
      const user = await credentials.findUser(request.body.username);
      if (!user || user.status !== 1) throw new AppError(RETURN_CODES.CREDENTIALS_INVALID);
      await change(request, user, request.body, 'password.force_change');
      // Every session of the person ends: they log in again with the new password.
      await sessions.revokeUser(user.user_id);
      return ok(null);
    },
  );

  api.post(
    `${prefix}/userPassword/update`,
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: '修改密码', body: passwordChangeSchema },
    },
    async (request) => {
      const session = request.session!;
      if (request.body.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
      const user = (await credentials.findUser(session.username))!;
      await change(request, user, { ...request.body, confirmPassword: request.body.newPasswordConfirm }, 'password.change');
      return ok(null);
    },
  );

  api.post(
    `${prefix}/user/isExpiredOrFirstLogin`,
    {
      config: { access: 'session' },
      schema: {
        tags: ['auth'],
        summary: '是否首次登录或密码已过期',
        body: z.object({ username: z.string().max(64) }),
        response: { 200: apiEnvelopeSchema(z.boolean()) },
      },
    },
    async (request) => {
      const session = request.session!;
      if (request.body.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
      const user = (await credentials.findUser(session.username))!;
      return ok(credentials.mustChangePassword(user));
    },
  );
}
