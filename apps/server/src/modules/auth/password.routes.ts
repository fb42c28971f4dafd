import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_CODES, apiEnvelopeSchema, forcePasswordUpdateSchema, passwordChangeSchema } from '@portal/shared';
import { AppError, ok } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import type { AuthServices } from './auth-services';
import { changeOwnPassword, forceChangePassword } from './password.service';

/**
 * Spec §7 password calls: the forced change after 040007 (no session; the change ticket of the
 * 040007 answer and the old password prove who it is) and the dialog change of a logged-in user.
 * The rules live in password.service.ts.
 */
export async function passwordRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;

  api.post(
    `${prefix}/userPassword/force/update`,
    {
      config: { access: 'public' },
      onRequest: rateLimit(ctx.kv, 'login', ctx.config.LOGIN_RATE_LIMIT),
      schema: { tags: ['auth'], summary: '强制修改密码（首次登录或密码过期）', body: forcePasswordUpdateSchema },
    },
    async (request) => {
      await forceChangePassword(services, request, request.body);
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
      await changeOwnPassword(services, request, request.session!, request.body);
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
