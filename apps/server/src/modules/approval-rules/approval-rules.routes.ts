import type { FastifyInstance } from 'fastify';
import { approvalRulesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import { registerRuleChange, type ApprovalRuleDesk } from './approval-rules.service';

export function approvalRuleRoutes(app: FastifyInstance, ctx: AppContext, desk: ApprovalRuleDesk) {
  const routes = operationRoutes(app, ctx);
  routes.json(approvalRulesApi.approvalRuleList, async ({ session }) => desk.list(session));
  // A new version waits for a second administrator (待审批变更) unless the enterprise is waived.
  registerRuleChange(app.dualControl, desk);
  routes.json(approvalRulesApi.approvalRuleSave, async ({ input, session, request, reply }) => (await app.dualControl.hold(request, reply, session, 'approval.rule', input)) ?? desk.save(request, session, input));
}
