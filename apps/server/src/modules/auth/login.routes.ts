import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENVELOPE_HEADERS, RETURN_CODES, apiEnvelopeSchema, loginRequestSchema, type MustChangePasswordData } from '@portal/shared';
import { AppError, ok } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import { recordAudit } from '../audit/audit';
import type { AuthServices } from './auth-services';
import { login } from './login.service';

/** Spec §7 "Authentication and session": captcha, server random, login, logout. */
export async function loginRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;
  const loginLimit = rateLimit(ctx.kv, 'login', ctx.config.LOGIN_RATE_LIMIT);

  api.post(
    '/captcha/picture/createCode',
    {
      config: { access: 'public' },
      onRequest: rateLimit(ctx.kv, 'captcha', ctx.config.CAPTCHA_RATE_LIMIT),
      schema: { tags: ['auth'], summary: '获取图形验证码（SVG，绑定请求头 rev）' },
    },
    async (request, reply) => {
      const rev = request.headers[ENVELOPE_HEADERS.rev];
      if (typeof rev !== 'string' || !rev) throw new AppError(RETURN_CODES.REV_MISSING);
      const svg = await services.captchas.issue(rev);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );

  api.post(
    `${prefix}/Random`,
    {
      config: { access: 'public' },
      onRequest: loginLimit,
      schema: { tags: ['auth'], summary: '获取服务端随机数', response: { 200: apiEnvelopeSchema(z.object({ random: z.string() })) } },
    },
    async () => ok({ random: await services.randoms.issue() }),
  );

  api.post(
    '/admin/login/token',
    {
      config: { access: 'public' },
      onRequest: loginLimit,
      schema: {
        tags: ['auth'],
        summary: '用户登录（签约版）',
        body: loginRequestSchema,
        // 000000 carries the token, 040007 the change ticket for the forced change.
        response: { 200: apiEnvelopeSchema(z.union([z.object({ access_token: z.string() }), z.object({ changeTicket: z.string() })])) },
      },
    },
    async (request, reply) => {
      const outcome = await login(services, request, request.body);
      if ('mustChangePassword' in outcome) {
        const entry = RETURN_CODES.MUST_CHANGE_PASSWORD;
        const data: MustChangePasswordData = { changeTicket: outcome.changeTicket };
        return reply.send({ returnCode: entry.code, returnMsg: entry.message, data });
      }
      return ok({ access_token: outcome.token });
    },
  );

  api.post(
    '/admin/logout/token',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: '退出登录', body: z.object({ token: z.string().max(256).optional() }).optional() },
    },
    async (request) => {
      const session = request.session!;
      await services.sessions.revoke(session.tokenHash);
      await recordAudit(ctx.database, request, { event: 'logout', outcome: 'success' });
      return ok(null);
    },
  );
}
