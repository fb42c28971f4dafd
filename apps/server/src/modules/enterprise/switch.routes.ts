import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, sessionApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import type { SessionStore } from '../../platform/sessions';
import { userNumbersOf } from '../../platform/user-numbers';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';

/**
 * Enterprise switching (spec §4 "Switch enterprise"): the list of the person's seats, and the
 * switch itself, which ends the session; the client then re-authenticates with `userNo` in the
 * login call, so the new session (and every data scope) belongs to the chosen enterprise.
 */
export async function enterpriseSwitchRoutes(app: FastifyInstance, ctx: AppContext, sessions: SessionStore) {
  const routes = operationRoutes(app, ctx);

  routes.json(sessionApi.enterpriseQuery, async ({ session }) => userNumbersOf(ctx, session.userId));

  routes.json(sessionApi.enterpriseSwitch, async ({ input, session, request }) => {
    const target = (await userNumbersOf(ctx, session.userId)).find((s) => s.userNo === input.userNo);
    if (!target) throw new AppError(RETURN_CODES.USER_NO_INVALID);
    if (target.userNo === session.userNo) throw new AppError(RETURN_CODES.SWITCH_SAME_ENTERPRISE);
    await sessions.revoke(session.tokenHash);
    await recordAudit(ctx.database, request, {
      event: 'enterprise.switch',
      outcome: 'success',
      detail: { fromUserNo: session.userNo, toUserNo: target.userNo, toEnterpriseNo: target.enterpriseNo },
    });
    return target;
  });
}
