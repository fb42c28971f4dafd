import { z } from 'zod';
import { APPROVALS_MAX, BANDS_MAX, bandsProblem } from '../rules/approval-rules';
import { AMOUNT_MESSAGE, amountSchema } from '../rules/validators';
import { accountNoSchema } from './accounts';
import { instructionTypeSchema } from './instructions';
import { orHeld } from './held';
import { defineOperation } from './operation';
import { userNoSchema } from './users';

/**
 * 系统管理 › 审批规则 (issue 30): an enterprise administrator sets, per instruction type and payer
 * account (or all), how many distinct reviewers each amount band needs and the most each named
 * reviewer may pass. Every save is a new version; an instruction keeps the version it was
 * submitted under. The rules themselves are `rules/approval-rules.ts`.
 */
const base = { category: '审批规则', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;

/** Limits named per rule version: one per reviewer. */
export const REVIEWER_LIMITS_MAX = 50;

const bandSchema = z.object({
  /** Decimal string; null: no upper bound (the last band). */
  upTo: amountSchema.nullable(),
  reviewers: z.number({ error: `复核人数须在1到${APPROVALS_MAX}之间` }).int(`复核人数须在1到${APPROVALS_MAX}之间`),
});

const limitSchema = z.object({ userNo: userNoSchema, limit: z.string({ error: AMOUNT_MESSAGE }).pipe(amountSchema) });

/**
 * `approvalRule/save`: the next version of one scope's rule (a plain object, so a later pending
 * change can hold it as it is); `active` false retires the scope's rule, and its instructions
 * fall back to the next most specific rule or the fixed chain.
 */
export const approvalRuleSaveSchema = z
  .object({
    instructionType: z.union([z.literal(''), instructionTypeSchema]),
    payerAccountNo: z.union([z.literal(''), accountNoSchema]),
    active: z.boolean({ error: '请选择是否启用' }),
    bands: z.array(bandSchema, { error: '请设置金额区间' }).max(BANDS_MAX, `金额区间不能超过${BANDS_MAX}个`),
    limits: z.array(limitSchema, { error: '复核限额不正确' }).max(REVIEWER_LIMITS_MAX, `复核限额不能超过${REVIEWER_LIMITS_MAX}条`),
  })
  .superRefine((v, ctx) => {
    const problem = bandsProblem(v.bands);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['bands'] });
    if (new Set(v.limits.map((l) => l.userNo)).size !== v.limits.length) ctx.addIssue({ code: 'custom', message: '同一复核员只能设置一个限额', path: ['limits'] });
  });
export type ApprovalRuleSave = z.infer<typeof approvalRuleSaveSchema>;

export const approvalRuleSchema = z.object({
  id: z.number(),
  /** '' for all types / all accounts. */
  instructionType: z.string(),
  payerAccountNo: z.string(),
  /** 1 for the scope's first save, one more at each. */
  version: z.number(),
  active: z.boolean(),
  bands: z.array(z.object({ upTo: z.string().nullable(), reviewers: z.number() })),
  limits: z.array(z.object({ userNo: z.string(), name: z.string(), limit: z.string() })),
  createdByUserNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

/** `approvalRule/list`: every version of every scope, newest first, with what the form picks from. */
export const approvalRuleList = defineOperation({
  ...base,
  id: 'APPROVAL_RULE_LIST',
  name: '审批规则列表',
  method: 'GET',
  path: '/{prefix}/approvalRule/list',
  authority: ['APPROVAL_RULE_VIEW'],
  response: z.object({
    rules: z.array(approvalRuleSchema),
    /** The enterprise's seats that hold the review right on some account: the reviewers a limit can name. */
    reviewers: z.array(z.object({ userNo: z.string(), name: z.string() })),
    accounts: z.array(z.object({ accountNo: z.string(), accountName: z.string() })),
  }),
});

export const approvalRuleSave = defineOperation({
  ...base,
  id: 'APPROVAL_RULE_SAVE',
  held: true,
  name: '保存审批规则',
  path: '/{prefix}/approvalRule/save',
  authority: ['APPROVAL_RULE_MANAGE'],
  antiReplay: true,
  request: approvalRuleSaveSchema,
  // Held for a second administrator (待审批变更) unless the enterprise is waived.
  response: orHeld(approvalRuleSchema),
});
