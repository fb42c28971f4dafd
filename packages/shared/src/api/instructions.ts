import { z } from 'zod';
import { CODE_TABLES } from '../rules/code-tables';
import { AMOUNT_RANGE_MESSAGE, amountsInOrder } from '../rules/amount';
import { CUTOFF_STATES } from '../rules/cutoff';
import { toCents } from '../rules/decimal';
import { approvalRound } from '../rules/approval-rules';
import { INSTRUCTION_STATUSES, type InstructionStatus } from '../rules/instruction-flow';
import { int4Id, plainText } from '../rules/schema-primitives';
import { withSignature, type SigningLayoutName } from '../rules/signing';
import { AMOUNT_MESSAGE, amountSchema } from '../rules/validators';
import { accountNoSchema } from './accounts';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * Payment instructions (issue 12): entry, review, third-party confirmation and its review,
 * custodian check and execution. The enterprise is always the session's; confirm and confirm
 * review see only instructions whose third-party institution is the session's enterprise;
 * custodian calls (bank staff) see every enterprise. The states are `rules/instruction-flow.ts`.
 */
const base = { category: '指令管理', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;
const staff = { category: '托管行指令', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const INSTRUCTION_MESSAGES = {
  /** A batch's names the instructions that changed after a '：'. */
  stale: '指令状态已变更，请刷新后重试',
  /** 审批规则: one person passes an instruction's review once per round of submission. */
  approvedAlready: '您已复核通过该指令，须由另一位复核员复核',
  /** 审批规则: above the reviewer's own limit the instruction waits for a reviewer who may pass it. */
  overApprovalLimit: '金额超过您的复核限额，须由限额足够的复核员复核',
  balance: '可用余额不足',
  single: '超过单笔限额',
  daily: '超过日累计限额',
  expired: '指令已过期，请修改起息日或撤销',
  valueDatePast: '起息日不能早于今天',
  executeEarly: '未到起息日，不能执行',
  lateReason: '已过起息日，请输入延迟执行原因',
  /** The entry form's warning on an account nobody besides the maker may review (`hasReviewer`). */
  noReviewer: '该账户暂无复核人员，提交的指令将无人复核，请联系企业管理员在账户管理中设置复核权限',
} as const;

/**
 * The `data` of a batch refused because some of its instructions changed state under it (another
 * reviewer was first, the maker revoked): their ids, so the list refreshes them and the rest can
 * be signed and sent again.
 */
export const staleBatchSchema = z.object({ stale: z.array(z.number().int()) });
export type StaleBatch = z.infer<typeof staleBatchSchema>;

const instructionId = int4Id('指令编号不正确');
const ymd = (label: string) =>
  z
    .string({ error: `${label}格式须为yyyy-MM-dd` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式须为yyyy-MM-dd`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label}不是有效日期`);

const INSTRUCTION_TYPES = Object.keys(CODE_TABLES.instructionType) as [string, ...string[]];
const CURRENCIES = Object.keys(CODE_TABLES.currencyName) as [string, ...string[]];
export const instructionTypeSchema = z.enum(INSTRUCTION_TYPES, { error: '请选择正确的指令类型' });
export const currencySchema = z.enum(CURRENCIES, { error: '请选择正确的币种' });
export const CNAPS_MESSAGE = '大额支付行号须为12位数字';
export const PURPOSE_MAX = 100;
export const REMARK_MAX = 200;
export const REASON_MAX = 200;

export const PAYEE_ACCOUNT_MESSAGES = {
  any: '收款账号须为6到34位数字、字母或-',
  cnaps: '人民币收款账号须为8到32位数字',
} as const;

/**
 * The payee account number as the currency's route takes it: a CNY payment goes through CNAPS
 * (the 12-digit 大额支付行号), whose account numbers are digits only, 8 to 32 of them; USD and KRW
 * go abroad by SWIFT, where an account number may be an IBAN-style one with letters (6 to 34 of
 * letters, digits and -). The message for a number the route refuses, or null.
 */
export function payeeAccountProblem(accountNo: string, currency: string): string | null {
  const value = accountNo.trim();
  if (currency === 'CNY') return /^\d{8,32}$/.test(value) ? null : PAYEE_ACCOUNT_MESSAGES.cnaps;
  return /^[0-9A-Za-z-]{6,34}$/.test(value) ? null : PAYEE_ACCOUNT_MESSAGES.any;
}

/** The payee account against the currency, reported at the payee account field. */
const payeeAccountByRoute = (v: { payeeAccountNo: string; currency: string }, ctx: z.RefinementCtx) => {
  const problem = payeeAccountProblem(v.payeeAccountNo, v.currency);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['payeeAccountNo'] });
};

/** Spec §5 amount, and more than zero. */
export const instructionAmountSchema = amountSchema.refine((v) => (toCents(v) ?? 0n) > 0n, '金额必须大于0');

/** The fields a maker enters; the value date is judged against today (China) by the server. */
export const instructionFields = {
  type: instructionTypeSchema,
  payerAccountNo: accountNoSchema,
  payeeName: plainText('收款人名称不能包含控制字符').trim().min(1, '请输入收款人名称').max(100, '收款人名称不能超过100个字符'),
  payeeAccountNo: plainText('收款账号不能包含控制字符')
    .trim()
    .min(1, '请输入收款账号')
    .regex(/^[0-9A-Za-z-]{6,34}$/, PAYEE_ACCOUNT_MESSAGES.any),
  payeeBank: plainText('收款行名称不能包含控制字符').trim().min(1, '请输入收款行名称').max(100, '收款行名称不能超过100个字符'),
  payeeCnaps: z.string({ error: CNAPS_MESSAGE }).trim().regex(/^\d{12}$/, CNAPS_MESSAGE),
  amount: instructionAmountSchema,
  currency: currencySchema.default('CNY'),
  valueDate: ymd('起息日'),
  purpose: plainText('用途不能包含控制字符').trim().min(1, '请输入用途').max(PURPOSE_MAX, `用途不能超过${PURPOSE_MAX}个字符`),
  remark: plainText('备注不能包含控制字符').trim().max(REMARK_MAX, `备注不能超过${REMARK_MAX}个字符`).default(''),
};

export const instructionStatusSchema = z.enum(INSTRUCTION_STATUSES as [string, ...string[]]);

/** One instruction as lists show it. Amounts are decimal strings; dates yyyy-MM-dd; times ISO. */
export const instructionRecordSchema = z.object({
  id: z.number(),
  instructionNo: z.string(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  /** `CODE_TABLES.instructionType` code. */
  type: z.string(),
  payerAccountNo: z.string(),
  payerAccountName: z.string(),
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  payeeBank: z.string(),
  payeeCnaps: z.string(),
  amount: z.string(),
  currency: z.string(),
  valueDate: z.string(),
  purpose: z.string(),
  remark: z.string(),
  thirdPartyEnterpriseNo: z.string().nullable(),
  thirdPartyEnterpriseName: z.string().nullable(),
  /** `INSTRUCTION_STATUS` code; `expired` (judged by the server, China's today) shows 已过期 over it. */
  status: z.string(),
  expired: z.boolean(),
  /** The instant (ISO) by which it must pass the custodian's check to be paid on its value date (rules/cutoff.ts). */
  cutoffAt: z.string(),
  /** Its standing against `cutoffAt` while a step before the custodian's check remains, else null; `missed` shows 已过截止. */
  cutoffState: z.enum(CUTOFF_STATES).nullable(),
  /** The server's instant (ISO) the record was judged at: the countdown runs on the server's clock from it. */
  judgedAt: z.string(),
  /** Paying it today (judged by the server, China's today) would be `early` (refused), `onTime` or `late` (`executionTiming`). */
  executionTiming: z.enum(['early', 'onTime', 'late']),
  /** Optimistic locking: send it back with update. */
  version: z.number(),
  createdByUserNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The reason of the latest refusal while the instruction is with its maker, else null. */
  refuseReason: z.string().nullable(),
  attachmentCount: z.number(),
  /** The template and approved version it was made from (从模板新建), its name as it was then; else null. */
  templateId: z.number().nullable(),
  templateRevision: z.number().nullable(),
  templateName: z.string().nullable(),
  /** Distinct reviewers it needs under the approval rule it was submitted under (1: the fixed chain). */
  approvalsRequired: z.number(),
  /** That rule version (its id and its number within its scope); null: no rule, the fixed chain. */
  approvalRuleId: z.number().nullable(),
  approvalRuleVersion: z.number().nullable(),
  /** Who passed its review since it was last submitted, in order (a refusal or a resubmission empties it). */
  approvals: z.array(z.object({ userId: z.number(), name: z.string() })),
});
export type InstructionRecord = z.infer<typeof instructionRecordSchema>;

/**
 * A row of a list answer: in the list of a decision step (`CLAIM_STEPS`), the name of another
 * person who has the instruction selected there now (`instruction/claim`), never the caller's own;
 * null elsewhere.
 */
export const instructionListRecordSchema = instructionRecordSchema.extend({ claimedBy: z.string().nullable() });
export type InstructionListRecord = z.infer<typeof instructionListRecordSchema>;

export const instructionHistorySchema = z.object({
  id: z.number(),
  /** An `InstructionAction` (create, edit, submit, reviewPass, …, execute, revoke). */
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  result: z.enum(['pass', 'refuse']).nullable(),
  reason: z.string().nullable(),
  userNo: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  /** The VerifySign code and signing data when the step was signed. */
  signCode: z.string().nullable(),
  signData: z.string().nullable(),
});
export type InstructionHistory = z.infer<typeof instructionHistorySchema>;

export const instructionAttachmentSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  size: z.number(),
  contentType: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type InstructionAttachment = z.infer<typeof instructionAttachmentSchema>;

export const instructionDetailSchema = instructionRecordSchema.extend({
  history: z.array(instructionHistorySchema),
  attachments: z.array(instructionAttachmentSchema),
  /** While it waits for review: the seats that may still pass it (not its maker, not who passed it, within their limit). */
  reviewersStill: z.array(z.object({ userNo: z.string(), name: z.string() })),
});
export type InstructionDetail = z.infer<typeof instructionDetailSchema>;

/** entry: the maker's own; review: on accounts the seat may review; confirm / confirmReview: naming the enterprise as third party; all: the enterprise's. */
export const INSTRUCTION_VIEWS = ['entry', 'review', 'confirm', 'confirmReview', 'all'] as const;
export type InstructionView = (typeof INSTRUCTION_VIEWS)[number];

const optionalAmount = z
  .union([z.literal(''), amountSchema], { error: AMOUNT_MESSAGE })
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalDate = (label: string) =>
  z
    .union([z.literal(''), ymd(label)])
    .optional()
    .transform((v) => (v ? v : undefined));

/** Filters of every instruction list and of its download. Text filters are contains-matches. */
export const instructionFilterFields = {
  instructionNo: filterText('指令编号', 30),
  type: z
    .union([z.literal(''), instructionTypeSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  status: z
    .union([z.literal(''), instructionStatusSchema], { error: '指令状态不正确' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  payerAccountNo: filterText('付款账号', 22),
  /** Payee name or account, contains-match. */
  payee: filterText('收款人', 100),
  amountMin: optionalAmount,
  amountMax: optionalAmount,
  valueDateFrom: optionalDate('起息日'),
  valueDateTo: optionalDate('起息日'),
};

/** Every filter with an amount range refuses a minimum above the maximum (the message goes under the maximum). */
const amountRangeInOrder = (f: { amountMin?: string; amountMax?: string }) => amountsInOrder(f.amountMin, f.amountMax);
const AMOUNT_RANGE = { message: AMOUNT_RANGE_MESSAGE, path: ['amountMax'] };

export const instructionFilterSchema = z
  .object({
    view: z.enum(INSTRUCTION_VIEWS, { error: '视图须为entry、review、confirm、confirmReview或all' }).default('all'),
    ...instructionFilterFields,
  })
  .refine(amountRangeInOrder, AMOUNT_RANGE);
export const instructionQuerySchema = z.object({ ...pageQuery, ...instructionFilterSchema.shape }).refine(amountRangeInOrder, AMOUNT_RANGE);

/** `instruction/query`: one view of the instructions, newest first, paged. */
export const instructionQuery = defineOperation({
  ...base,
  id: 'INSTRUCTION_QUERY',
  partner: 'read',
  name: '指令列表（分页）',
  path: '/{prefix}/instruction/query',
  authority: ['INSTRUCTION_QUERY', 'INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW', 'INSTRUCTION_CONFIRM', 'INSTRUCTION_CONFIRM_REVIEW'],
  request: instructionQuerySchema,
  response: pageOf(instructionListRecordSchema),
});

export const instructionRefSchema = z.object({ id: instructionId });

/** `instruction/detail`: one instruction with its history (oldest first) and attachments. */
export const instructionDetail = defineOperation({
  ...base,
  id: 'INSTRUCTION_DETAIL',
  partner: 'read',
  name: '指令详情',
  path: '/{prefix}/instruction/detail',
  authority: instructionQuery.authority,
  request: instructionRefSchema,
  response: instructionDetailSchema,
});

/** An account the seat may enter instructions on, with the money an instruction meets there. Amounts are decimal strings. */
export const payerAccountSchema = z.object({
  accountNo: z.string(),
  accountName: z.string(),
  alias: z.string().nullable(),
  currency: z.string(),
  /** The register balance. */
  balance: z.string(),
  /** The register balance less the amounts of the account's instructions in 10–50 (`PENDING_STATUSES`). */
  availableBalance: z.string(),
  singleLimit: z.string().nullable(),
  dailyLimit: z.string().nullable(),
  /** What the account's instructions submitted and not revoked (`DAILY_STATUSES`) with the answer's value date take of the daily limit. */
  dailyUsed: z.string(),
  thirdPartyEnterpriseNo: z.string().nullable(),
  thirdPartyEnterpriseName: z.string().nullable(),
  /** Someone besides the asking login may review instructions on it; without one a submitted instruction waits for nobody. */
  hasReviewer: z.boolean(),
  /** The account's held instructions (`PENDING_STATUSES`) with the answer's value date, by status: what leaves that day once they pass. */
  heldOnDate: z.array(z.object({ status: z.enum(INSTRUCTION_STATUSES as [InstructionStatus, ...InstructionStatus[]]), count: z.number().int(), amount: z.string() })),
});
export type PayerAccount = z.infer<typeof payerAccountSchema>;

/**
 * `instruction/payerAccounts`: the accounts the session's seat may enter instructions on (its
 * entry right, switched on, status 00), with the available balance, the limits and what the day
 * has used of the daily limit: the value date given, else today (China).
 */
export const payerAccounts = defineOperation({
  ...base,
  id: 'INSTRUCTION_PAYER_ACCOUNTS',
  // A read, anti-replay because it answers what the caller may spend from.
  idempotent: false,
  name: '可录入指令的付款账户',
  path: '/{prefix}/instruction/payerAccounts',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: z.object({ valueDate: optionalDate('起息日') }),
  response: z.object({ valueDate: z.string(), accounts: z.array(payerAccountSchema) }),
});

/** 从模板新建: the template and its approved version the instruction is made from; the server holds it to the template's locked fields. */
const fromTemplate = {
  templateId: int4Id('模板编号不正确').optional(),
  templateRevision: z.number({ error: '模板版本不正确' }).int('模板版本不正确').min(1, '模板版本不正确').optional(),
};

export const instructionAddSchema = z
  .object({ ...instructionFields, submit: z.boolean().default(false), ...fromTemplate })
  .superRefine(payeeAccountByRoute)
  .refine((v) => (v.templateId === undefined) === (v.templateRevision === undefined), { message: '模板版本不正确', path: ['templateRevision'] });

/**
 * `instruction/add`: a draft (00), or submitted at once (10) when `submit`. A retried submit that
 * carries the same `Idempotency-Key` header answers the instruction the first one created.
 */
export const instructionAdd = defineOperation({
  ...base,
  id: 'INSTRUCTION_ADD',
  name: '新增指令',
  path: '/{prefix}/instruction/add',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: instructionAddSchema,
  response: instructionRecordSchema,
});

export const instructionUpdateSchema = z.object({ id: instructionId, version: z.number().int().min(0), ...instructionFields }).superRefine(payeeAccountByRoute);

/** `instruction/update`: the maker edits a draft or a refused instruction; the status stays. */
export const instructionUpdate = defineOperation({
  ...base,
  id: 'INSTRUCTION_UPDATE',
  name: '修改指令',
  path: '/{prefix}/instruction/update',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: instructionUpdateSchema,
  response: instructionRecordSchema,
});

export const INSTRUCTION_BATCH_MAX = 100;
const idsSchema = z
  .array(instructionId, { error: '请选择指令' })
  .min(1, '请选择指令')
  .max(INSTRUCTION_BATCH_MAX, `一次最多选择${INSTRUCTION_BATCH_MAX}条指令`)
  .refine((ids) => new Set(ids).size === ids.length, '指令重复');

/** `instruction/submit`: drafts and refused instructions to 待复核, all or nothing. */
export const instructionSubmit = defineOperation({
  ...base,
  id: 'INSTRUCTION_SUBMIT',
  name: '提交指令',
  path: '/{prefix}/instruction/submit',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: z.object({ ids: idsSchema }),
  response: z.array(instructionRecordSchema),
});

const reasonSchema = plainText('原因不能包含控制字符').trim().max(REASON_MAX, `原因不能超过${REASON_MAX}个字符`);

/** `instruction/revoke`: the maker withdraws a draft, a waiting or a refused instruction (90). */
export const instructionRevoke = defineOperation({
  ...base,
  id: 'INSTRUCTION_REVOKE',
  name: '撤销指令',
  path: '/{prefix}/instruction/revoke',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: z.object({ id: instructionId, reason: reasonSchema.min(1, '请输入撤销原因') }),
  response: instructionRecordSchema,
});

/** What a batch signature lists of one instruction (`INSTRUCTION_SIGNED_FIELDS`), as the list showed it. */
const signedInstructionShape = {
  instructionNo: z.string(),
  payerAccountNo: z.string(),
  payeeAccountNo: z.string(),
  amount: z.string(),
  currency: z.string(),
  valueDate: z.string(),
  /** The review only: the round as the list showed it (`approvalRound`, e.g. 1/2); absent elsewhere. */
  approvalRound: z.string().optional(),
};
export const signedInstructionSchema = z.object(signedInstructionShape);
export type SignedInstruction = z.infer<typeof signedInstructionSchema>;

/** What the signer saw of each row, in the order given (the signing data lists it); a review adds the round. */
export const signedListing = (rows: readonly InstructionRecord[], review = false): SignedInstruction[] =>
  rows.map(({ instructionNo, payerAccountNo, payeeAccountNo, amount, currency, valueDate, approvals, approvalsRequired }) => ({
    instructionNo,
    payerAccountNo,
    payeeAccountNo,
    amount,
    currency,
    valueDate,
    ...(review ? { approvalRound: approvalRound(approvals.length, approvalsRequired) } : {}),
  }));

export const decisionSchema = z.enum(['pass', 'refuse'], { error: '处理结果须为pass或refuse' });
export const REASON_REQUIRED = '退回时请输入原因';

/**
 * A signed decision on a batch: `instructions` lists, in the order of `ids`, what the signer saw
 * of each; the server signs-checks against its own rows, so a listing that differs fails.
 */
export const instructionDecisionSchema = z
  .object({
    ids: idsSchema,
    result: decisionSchema,
    reason: reasonSchema.default(''),
    instructions: z.array(signedInstructionSchema, { error: '缺少签名的指令清单' }),
  })
  .refine((v) => v.result === 'pass' || v.reason !== '', { message: REASON_REQUIRED, path: ['reason'] })
  .refine((v) => v.instructions.length === v.ids.length, { message: '签名的指令清单与所选指令不一致', path: ['instructions'] });
export type InstructionDecision = z.infer<typeof instructionDecisionSchema>;

const decisionSigning = (layout: SigningLayoutName) => (input: InstructionDecision) => ({
  layout,
  values: { result: input.result, reason: input.reason, instructions: input.instructions },
});

const decision = (id: string, name: string, path: string, authority: 'INSTRUCTION_REVIEW' | 'INSTRUCTION_CONFIRM' | 'INSTRUCTION_CONFIRM_REVIEW', layout: SigningLayoutName) =>
  defineOperation({
    ...base,
    id,
    name,
    path,
    authority: [authority],
    antiReplay: true,
    request: withSignature(instructionDecisionSchema),
    signing: decisionSigning(layout),
    response: z.array(instructionRecordSchema),
  });

/** `instruction/review`: pass (→ 20 with a third party, else 40) or refuse (→ 11), signed, all or nothing. */
export const instructionReview = decision('INSTRUCTION_REVIEW', '指令复核', '/{prefix}/instruction/review', 'INSTRUCTION_REVIEW', 'InstructionReview');
/** `instruction/confirm`: the third-party institution passes (→ 30) or refuses (→ 21). */
export const instructionConfirm = decision('INSTRUCTION_CONFIRM', '第三方指令确认', '/{prefix}/instruction/confirm', 'INSTRUCTION_CONFIRM', 'InstructionConfirm');
/** `instruction/confirmReview`: the institution's second person passes (→ 40) or refuses (→ 31). */
export const instructionConfirmReview = decision(
  'INSTRUCTION_CONFIRM_REVIEW',
  '第三方指令确认复核',
  '/{prefix}/instruction/confirmReview',
  'INSTRUCTION_CONFIRM_REVIEW',
  'InstructionConfirmReview',
);

/** The lists people pick instructions from for a signed step, and the status each waits at. */
export const WAITING_AT = { review: '10', confirm: '20', confirmReview: '30', check: '40' } as const satisfies Record<string, InstructionStatus>;
export type ClaimStep = keyof typeof WAITING_AT;
export const CUSTOMER_CLAIM_STEPS = ['review', 'confirm', 'confirmReview'] as const satisfies readonly ClaimStep[];
/** How long a claim lasts unless sent again; the web sends it again every CLAIM_REFRESH_MS while the rows stay selected. */
export const CLAIM_TTL_MS = 90_000;
export const CLAIM_REFRESH_MS = 30_000;

/** The rows selected now (empty: none); ids the caller cannot see waiting at the step are dropped, not refused. */
const claimIdsSchema = z
  .array(instructionId, { error: '请选择指令' })
  .max(INSTRUCTION_BATCH_MAX, `一次最多选择${INSTRUCTION_BATCH_MAX}条指令`)
  .transform((ids) => [...new Set(ids)]);
/** The rows the caller holds after the claim: those sent, less those out of scope or already another person's. */
const claimAnswerSchema = z.object({ ids: z.array(z.number()) });

/**
 * `instruction/claim`: "I have these selected" at a customer's step, so that the others working
 * the same list see the rows as taken (`claimedBy`) and pick others. A hint kept CLAIM_TTL_MS in
 * the shared store, not a write: unsigned, not anti-replay, and it never keeps anyone from deciding.
 */
export const instructionClaim = defineOperation({
  ...base,
  id: 'INSTRUCTION_CLAIM',
  name: '标记正在处理的指令',
  path: '/{prefix}/instruction/claim',
  authority: ['INSTRUCTION_REVIEW', 'INSTRUCTION_CONFIRM', 'INSTRUCTION_CONFIRM_REVIEW'],
  request: z.object({ step: z.enum(CUSTOMER_CLAIM_STEPS, { error: '步骤须为review、confirm或confirmReview' }), ids: claimIdsSchema }),
  response: claimAnswerSchema,
});

/**
 * A payer account of a review batch: its register balance, the selected instructions on it, and
 * what its other held instructions (`PENDING_STATUSES`) take. Amounts are decimal strings.
 */
export const batchAccountSchema = z.object({
  accountNo: z.string(),
  accountName: z.string(),
  alias: z.string().nullable(),
  currency: z.string(),
  balance: z.string(),
  batchCount: z.number().int(),
  batchAmount: z.string(),
  otherHeld: z.string(),
  /** The register balance once the batch is paid. */
  afterBatch: z.string(),
  /** What stays available once the batch and every other held instruction are paid. */
  projectedAvailable: z.string(),
});
export type BatchAccount = z.infer<typeof batchAccountSchema>;

/**
 * `instruction/batchAccounts`: the money of the accounts a review batch pays from, for the
 * reviewer to weigh before signing. Ids the caller cannot review, or not waiting for review, are
 * left out, as a claim leaves them.
 */
export const batchAccounts = defineOperation({
  ...base,
  id: 'INSTRUCTION_BATCH_ACCOUNTS',
  // A read, anti-replay because it answers balances.
  idempotent: false,
  name: '复核批次的付款账户资金',
  path: '/{prefix}/instruction/batchAccounts',
  authority: ['INSTRUCTION_REVIEW'],
  antiReplay: true,
  request: z.object({ ids: claimIdsSchema }),
  response: z.object({ accounts: z.array(batchAccountSchema) }),
});

export const ATTACHMENT_MAX = 5;
export const ATTACHMENT_MAX_MESSAGE = `每条指令最多上传${ATTACHMENT_MAX}个附件`;
export const ATTACHMENT_MAX_BYTES = 5 * 1_048_576;
/** What an attachment may be; the browser checks a chosen file's name and size against it before reading it, and saves a downloaded one of these types only. */
export const ATTACHMENT_FILES = { maxBytes: ATTACHMENT_MAX_BYTES, extensions: ['pdf', 'jpg', 'jpeg', 'png'] } as const;
export const attachmentUploadSchema = uploadSchema(ATTACHMENT_FILES).safeExtend({ instructionId });

/** `instruction/attachment/upload`: up to 5 pdf/jpg/png files of ≤ 5 MB on an instruction its maker holds; the type is checked by content. */
export const attachmentUpload = defineOperation({
  ...base,
  id: 'INSTRUCTION_ATTACHMENT_UPLOAD',
  name: '上传指令附件',
  path: '/{prefix}/instruction/attachment/upload',
  authority: ['INSTRUCTION_ENTRY'],
  kind: 'upload',
  maxBytes: ATTACHMENT_MAX_BYTES,
  antiReplay: true,
  request: attachmentUploadSchema,
  response: instructionAttachmentSchema,
});

/** `instruction/attachment/remove`: the maker removes an attachment while the instruction is with them. */
export const attachmentRemove = defineOperation({
  ...base,
  id: 'INSTRUCTION_ATTACHMENT_REMOVE',
  name: '删除指令附件',
  path: '/{prefix}/instruction/attachment/remove',
  authority: ['INSTRUCTION_ENTRY'],
  antiReplay: true,
  request: z.object({ id: int4Id('附件编号不正确') }),
});

/** `instruction/attachment/download`: one attachment of an instruction the caller may see. */
export const attachmentDownload = defineOperation({
  ...base,
  id: 'INSTRUCTION_ATTACHMENT_DOWNLOAD',
  name: '下载指令附件',
  path: '/{prefix}/instruction/attachment/download',
  authority: instructionQuery.authority,
  kind: 'download',
  maxBytes: ATTACHMENT_MAX_BYTES * 2,
  fileTypes: ATTACHMENT_FILES.extensions,
  request: z.object({ id: int4Id('附件编号不正确') }),
});

/** An evidence pack (证据包, docs/evidence.md): attachments, certificates and the signed manifest. */
const EVIDENCE_MAX_BYTES = ATTACHMENT_MAX * ATTACHMENT_MAX_BYTES + 4 * 1_048_576;

/** `instruction/evidence`: the 证据包 of an instruction the caller may see, signed by the bank. */
export const instructionEvidence = defineOperation({
  ...base,
  id: 'INSTRUCTION_EVIDENCE',
  name: '下载指令证据包',
  path: '/{prefix}/instruction/evidence',
  authority: instructionQuery.authority,
  kind: 'download',
  maxBytes: EVIDENCE_MAX_BYTES,
  request: z.object({ id: instructionId }),
});

export const INSTRUCTION_DOWNLOAD_MAX_ROWS = 50_000;

/** `instruction/manage/download`: the filtered view as xlsx. */
export const instructionDownload = defineOperation({
  ...base,
  id: 'INSTRUCTION_DOWNLOAD',
  name: '下载指令列表（xlsx）',
  path: '/{prefix}/instruction/manage/download',
  authority: instructionQuery.authority,
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  request: instructionFilterSchema,
});

/** check: waiting for the custodian's check (40); execute: checked (50); all: every enterprise's. */
export const CUSTODIAN_VIEWS = ['check', 'execute', 'all'] as const;

export const custodianQuerySchema = z
  .object({
    ...pageQuery,
    view: z.enum(CUSTODIAN_VIEWS, { error: '视图须为check、execute或all' }).default('all'),
    enterpriseNo: filterText('企业编号', 10),
    ...instructionFilterFields,
  })
  .refine(amountRangeInOrder, AMOUNT_RANGE);

/** `custodian/instruction/query`: instructions of every enterprise (bank staff). */
export const custodianQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_QUERY',
  name: '托管行指令列表（分页）',
  path: '/{prefix}/custodian/instruction/query',
  authority: ['CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'],
  request: custodianQuerySchema,
  response: pageOf(instructionListRecordSchema),
});

/** `custodian/instruction/detail`: one instruction of any enterprise with its history. */
export const custodianDetail = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_DETAIL',
  name: '托管行指令详情',
  path: '/{prefix}/custodian/instruction/detail',
  authority: ['CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'],
  request: instructionRefSchema,
  response: instructionDetailSchema,
});

/**
 * `custodian/instruction/check`: pass (→ 50) or refuse (→ 41) a batch, all or nothing; an expired
 * one cannot pass. Signed by the staff member's key like the customer's decisions.
 */
export const custodianCheck = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_CHECK',
  name: '托管行指令审核',
  path: '/{prefix}/custodian/instruction/check',
  authority: ['CUSTODIAN_CHECK'],
  antiReplay: true,
  request: withSignature(instructionDecisionSchema),
  signing: decisionSigning('InstructionCheck'),
  response: z.array(instructionRecordSchema),
});

/** `custodian/instruction/claim`: `instruction/claim` for the custodian's check list. */
export const custodianClaim = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_CLAIM',
  name: '托管行标记正在审核的指令',
  path: '/{prefix}/custodian/instruction/claim',
  authority: ['CUSTODIAN_CHECK'],
  request: z.object({ ids: claimIdsSchema }),
  response: claimAnswerSchema,
});

export const custodianExecuteSchema = z.object({
  id: instructionId,
  /** What the executor's list showed of the instruction; the server signs-checks against its own row. */
  instruction: z.object(signedInstructionShape, { error: '缺少签名的指令信息' }),
  reason: reasonSchema.default(''),
});

/**
 * `custodian/instruction/execute`: a checked instruction is paid (→ 60) and the register balance
 * lowered, on its value date (`executionTiming`, Beijing time): never before it; after it only
 * with `reason` (why it is paid late), kept in its history. Signed: `InstructionExecute` over the
 * instruction as the executor saw it.
 */
export const custodianExecute = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_EXECUTE',
  name: '托管行指令执行',
  path: '/{prefix}/custodian/instruction/execute',
  authority: ['CUSTODIAN_EXECUTE'],
  antiReplay: true,
  request: withSignature(custodianExecuteSchema),
  signing: (input: z.output<typeof custodianExecuteSchema>) => ({ layout: 'InstructionExecute', values: input.instruction }),
  response: instructionRecordSchema,
});

/** The attachment download for staff (the custodian sees every enterprise's). */
export const custodianAttachmentDownload = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_ATTACHMENT_DOWNLOAD',
  name: '托管行下载指令附件',
  path: '/{prefix}/custodian/instruction/attachment/download',
  authority: ['CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'],
  kind: 'download',
  maxBytes: ATTACHMENT_MAX_BYTES * 2,
  fileTypes: ATTACHMENT_FILES.extensions,
  request: z.object({ id: int4Id('附件编号不正确') }),
});

/** The 证据包 for staff (the custodian sees every enterprise's instructions). */
export const custodianEvidence = defineOperation({
  ...staff,
  id: 'CUSTODIAN_INSTRUCTION_EVIDENCE',
  name: '托管行下载指令证据包',
  path: '/{prefix}/custodian/instruction/evidence',
  authority: custodianAttachmentDownload.authority,
  kind: 'download',
  maxBytes: EVIDENCE_MAX_BYTES,
  request: z.object({ id: instructionId }),
});
