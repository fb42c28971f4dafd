import type { FastifyInstance } from 'fastify';
import { approvalRulesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import type { ApprovalRuleDesk } from './approval-rules.service';

export function approvalRuleRoutes(app: FastifyInstance, ctx: AppContext, desk: ApprovalRuleDesk) {
  const routes = operationRoutes(app, ctx);
  routes.json(approvalRulesApi.approvalRuleList, async ({ session }) => desk.list(session));
  routes.json(approvalRulesApi.approvalRuleSave, async ({ input, session, request }) => desk.save(request, session, input));
}
