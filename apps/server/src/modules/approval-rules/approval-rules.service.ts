import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_APPROVALS, applicableRule, approvalsRequired, type ApprovalRuleSave } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import type { DualControl } from '../../platform/dual-control';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { accountsOf, currentRules, insertVersion, latestOfScope, reviewersOf, ruleVersions } from './approval-rules.queries';

/** Who saves a version and when: with the input, everything `saveRuleVersion` needs, all plain data. */
export interface RuleVersionChange {
  enterpriseNo: string;
  userNo: string;
  /** ISO instant. */
  at: string;
  rule: ApprovalRuleSave;
}

/**
 * The one write of approval rules: the next version of the rule's scope, checked against the
 * enterprise (its account, its reviewers). Runs inside the caller's transaction; its input is a
 * plain serialisable object, so a change held for a second administrator's approval can be
 * applied later exactly as it was proposed.
 */
export async function saveRuleVersion(trx: Kysely<DB>, change: RuleVersionChange): Promise<number> {
  const { enterpriseNo, rule } = change;
  if (rule.payerAccountNo && !(await accountsOf(trx, enterpriseNo)).some((a) => a.accountNo === rule.payerAccountNo)) {
    throw refuse(`账号${rule.payerAccountNo}不是本企业已添加的网银账户`);
  }
  const reviewers = new Set((await reviewersOf(trx, enterpriseNo)).map((r) => r.userNo));
  const stranger = rule.limits.find((l) => !reviewers.has(l.userNo));
  if (stranger) throw refuse(`用户号${stranger.userNo}不是本企业的复核员`);
  return insertVersion(trx, {
    enterpriseNo,
    instructionType: rule.instructionType,
    payerAccountNo: rule.payerAccountNo,
    active: rule.active,
    bands: rule.bands.map((b) => ({ upTo: b.upTo, reviewers: b.reviewers })),
    limits: rule.limits.map((l) => ({ userNo: l.userNo, limit: l.limit })),
    userNo: change.userNo,
    now: new Date(change.at),
  });
}

/**
 * What an instruction of the enterprise submitted now needs: the rule version in force for its
 * type and payer account (the most specific scope) and the reviewers its amount's band asks for;
 * without a rule, the fixed chain (no version, one reviewer). The rules are read once, so a bulk
 * import asks for all its rows with one query.
 */
export async function approvalResolver(db: Kysely<DB>, enterpriseNo: string) {
  const rules = await currentRules(db, enterpriseNo);
  return (i: { type: string; payerAccountNo: string; amount: string }) => {
    const rule = applicableRule(rules, i.type, i.payerAccountNo);
    return rule ? { ruleId: rule.id, required: approvalsRequired(rule.bands, i.amount) } : { ruleId: null, required: DEFAULT_APPROVALS };
  };
}

/** `approvalResolver` for one instruction. */
export const approvalFor = async (db: Kysely<DB>, i: { enterpriseNo: string; type: string; payerAccountNo: string; amount: string }) => (await approvalResolver(db, i.enterpriseNo))(i);

export class ApprovalRuleDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async list(session: SessionInfo) {
    const db = this.#ctx.database.db;
    const [rules, reviewers, accounts] = await Promise.all([ruleVersions(db, session.enterpriseNo), reviewersOf(db, session.enterpriseNo), accountsOf(db, session.enterpriseNo)]);
    return { rules, reviewers, accounts };
  }

  /** Saves the next version; `confirm` (an approved pending change) runs first in the same transaction. */
  async save(request: FastifyRequest, session: SessionInfo, rule: ApprovalRuleSave, confirm?: (trx: Transaction<DB>) => Promise<void>) {
    const now = new Date(this.#ctx.now());
    const target = { instructionType: rule.instructionType, payerAccountNo: rule.payerAccountNo };
    const id = await auditedTransaction(this.#ctx.database, request, 'approval_rule.save', target, now, async (trx) => {
      await confirm?.(trx);
      const saved = await saveRuleVersion(trx, { enterpriseNo: session.enterpriseNo, userNo: session.userNo, at: now.toISOString(), rule });
      return { result: saved, detail: { id: saved, ...rule } };
    });
    return (await ruleVersions(this.#ctx.database.db, session.enterpriseNo, [id]))[0]!;
  }
}

/** A scope's rule as it stands: what a pending change's before/after view shows and its approval compares. */
async function scopeRule(db: Kysely<DB>, enterpriseNo: string, rule: ApprovalRuleSave) {
  const current = await latestOfScope(db, enterpriseNo, rule);
  return current ? { version: current.version, active: current.active, bands: current.bands, limits: current.reviewer_limits } : null;
}

/** Approval rules under dual control: a new version is the second administrator's to let take effect. */
export function registerRuleChange(dual: DualControl, desk: ApprovalRuleDesk) {
  dual.registerChangeKind<ApprovalRuleSave>({
    kind: 'approval.rule',
    label: '修改审批规则',
    snapshot: (db, enterpriseNo, rule) => scopeRule(db, enterpriseNo, rule),
    summary: (rule) => `审批规则（${rule.instructionType ? `指令类型${rule.instructionType}` : '全部类型'}，${rule.payerAccountNo ? `账户${rule.payerAccountNo}` : '全部账户'}）${rule.active ? '' : '停用'}`,
    apply: ({ request, session, payload, confirm }) => desk.save(request, session, payload, confirm),
  });
}
