import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_CODES, apiEnvelopeSchema } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { AppError, ok } from '../../plugins/errors';
import { recordAudit } from '../audit/audit';
import type { SessionStore } from '../auth/sessions';
import { userNumbersOf } from './user-numbers';

const entrySchema = z.object({ userNo: z.string(), enterpriseNo: z.string(), enterpriseName: z.string() });

/**
 * Enterprise switching (spec §4 "Switch enterprise"): the list of the person's seats, and the
 * switch itself, which ends the session; the client then re-authenticates with `userNo` in the
 * login call, so the new session (and every data scope) belongs to the chosen enterprise.
 */
export async function enterpriseSwitchRoutes(app: FastifyInstance, ctx: AppContext, sessions: SessionStore) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;

  api.post(
    `${prefix}/user/enterprise/query`,
    { config: { access: 'session' }, schema: { tags: ['enterprise'], summary: '查询可切换企业', response: { 200: apiEnvelopeSchema(z.array(entrySchema)) } } },
    async (request) => ok(await userNumbersOf(ctx, request.session!.userId)),
  );

  api.post(
    `${prefix}/user/enterprise/switch`,
    {
      config: { access: 'session' },
      schema: {
        tags: ['enterprise'],
        summary: '切换企业（结束当前会话，需重新认证）',
        body: z.object({ userNo: z.string().min(1, '请选择要切换的企业').max(32) }),
        response: { 200: apiEnvelopeSchema(entrySchema) },
      },
    },
    async (request) => {
      const session = request.session!;
      const target = (await userNumbersOf(ctx, session.userId)).find((s) => s.userNo === request.body.userNo);
      if (!target) throw new AppError(RETURN_CODES.USER_NO_INVALID);
      if (target.userNo === session.userNo) throw new AppError(RETURN_CODES.SWITCH_SAME_ENTERPRISE);
      await sessions.revoke(session.tokenHash);
      await recordAudit(ctx.database, request, {
        event: 'enterprise.switch',
        outcome: 'success',
        detail: { fromUserNo: session.userNo, toUserNo: target.userNo, toEnterpriseNo: target.enterpriseNo },
      });
      return ok(target);
    },
  );
}
