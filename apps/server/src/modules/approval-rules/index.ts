import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { approvalRuleRoutes } from './approval-rules.routes';
import { ApprovalRuleDesk } from './approval-rules.service';

export { approvalFor, approvalResolver, saveRuleVersion, type RuleVersionChange } from './approval-rules.service';
export { limitsOf, ruleVersions } from './approval-rules.queries';

/** 审批规则: an enterprise's versioned rules of how many reviewers an instruction needs (docs/features/approval-rules.md). */
export async function approvalRulesModule(app: FastifyInstance, ctx: AppContext) {
  approvalRuleRoutes(app, ctx, new ApprovalRuleDesk(ctx));
}
