import { z } from 'zod';
import { PAYEE_CHANGE_KINDS, PAYEE_STATUSES, isCnaps } from '../rules/payee-book';
import { int4Id, plainText } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';
import { CNAPS_MESSAGE, PAYEE_ACCOUNT_MESSAGES, REASON_REQUIRED, decisionSchema } from './instructions';
import { filterText, pageOf, pageQuery } from './paging';

export { PAYEE_MESSAGES } from '../rules/payee-book';

/**
 * 收款人名册 (issue 28): the enterprise's book of payees, each taking effect only after a second
 * person reviews it (signed); edits and deletions of an effective payee are reviewed again, and
 * every proposal and decision is kept. The enterprise is always the session's: another
 * enterprise's payee reads as an unknown one. The states are `rules/payee-book.ts`.
 */
const base = { category: '收款人名册', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;

/** Who may read the book: its keepers, its reviewers, and makers choosing a payee for an instruction. */
const READERS = ['PAYEE_VIEW', 'PAYEE_REVIEW', 'INSTRUCTION_ENTRY'] as const;

export const PAYEE_NAME_MAX = 100;
export const PAYEE_REMARK_MAX = 200;
export const PAYEE_REASON_MAX = 200;

const payeeId = int4Id('收款人编号不正确');
const changeId = int4Id('变更编号不正确');

export const cnapsSchema = z.string({ error: CNAPS_MESSAGE }).trim().refine(isCnaps, CNAPS_MESSAGE);

/** What a maker enters; the bank's name comes from the bank-code table by the CNAPS code. */
export const payeeFields = {
  name: plainText('收款人名称不能包含控制字符').trim().min(1, '请输入收款人名称').max(PAYEE_NAME_MAX, `收款人名称不能超过${PAYEE_NAME_MAX}个字符`),
  // The book serves CNAPS payments, whose account numbers are digits only.
  accountNo: z.string({ error: '请输入收款账号' }).trim().min(1, '请输入收款账号').regex(/^\d{8,32}$/, PAYEE_ACCOUNT_MESSAGES.cnaps),
  cnaps: cnapsSchema,
  remark: plainText('备注不能包含控制字符').trim().max(PAYEE_REMARK_MAX, `备注不能超过${PAYEE_REMARK_MAX}个字符`).default(''),
};

const statusSchema = z.enum(PAYEE_STATUSES as [string, ...string[]]);
const kindSchema = z.enum(PAYEE_CHANGE_KINDS as [string, ...string[]]);

/** A proposal waiting for review: what the payee becomes (or, for a deletion, what goes) if it passes. */
export const payeeChangeSchema = z.object({
  id: z.number(),
  /** `PAYEE_CHANGE_KIND` code: add, edit, delete. */
  kind: kindSchema,
  name: z.string(),
  accountNo: z.string(),
  cnaps: z.string(),
  bankName: z.string(),
  remark: z.string(),
  requestedByUserNo: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
});
export type PayeeChange = z.infer<typeof payeeChangeSchema>;

/**
 * One payee as lists show it: the effective version (or, while a new payee waits, the proposed
 * one), its status and the change waiting beside it.
 */
export const payeeRecordSchema = z.object({
  id: z.number(),
  /** `PAYEE_STATUS` code. */
  status: statusSchema,
  name: z.string(),
  accountNo: z.string(),
  cnaps: z.string(),
  bankName: z.string(),
  remark: z.string(),
  /** The reason of the refusal of a new payee (status 30), else null. */
  refuseReason: z.string().nullable(),
  pendingChange: payeeChangeSchema.nullable(),
  /** Optimistic locking: send it back with an edit or a deletion request. */
  version: z.number(),
  createdByUserNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayeeRecord = z.infer<typeof payeeRecordSchema>;

/** One proposal and its decision, as the history lists it (oldest first). */
export const payeeHistorySchema = payeeChangeSchema.extend({
  /** `PAYEE_CHANGE_STATUS` code: pending, approved, refused. */
  status: z.enum(['pending', 'approved', 'refused']),
  decidedByUserNo: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The decision carried the reviewer's signature (every decision made here; the demo seed's carry none). */
  signed: z.boolean(),
});
export type PayeeHistory = z.infer<typeof payeeHistorySchema>;

export const payeeDetailSchema = payeeRecordSchema.extend({ history: z.array(payeeHistorySchema) });
export type PayeeDetail = z.infer<typeof payeeDetailSchema>;

/**
 * all: the book (deleted payees only when asked for by status); usable: the effective payees, as
 * an instruction's payee picker lists them; review: the payees with a change waiting for review.
 */
export const PAYEE_VIEWS = ['all', 'usable', 'review'] as const;
export type PayeeView = (typeof PAYEE_VIEWS)[number];

export const payeeFilterFields = {
  /** Payee name or account number, contains-match. */
  keyword: filterText('收款人', 100),
  /** Bank name or CNAPS code, contains-match. */
  bank: filterText('开户行', 100),
  status: z
    .union([z.literal(''), statusSchema], { error: '收款人状态不正确' })
    .optional()
    .transform((v) => (v ? v : undefined)),
};

export const payeeQuerySchema = z.object({
  ...pageQuery,
  view: z.enum(PAYEE_VIEWS, { error: '视图须为all、usable或review' }).default('all'),
  ...payeeFilterFields,
});

/** `payee/query`: one view of the session's enterprise's payees, newest first, paged. */
export const payeeQuery = defineOperation({
  ...base,
  id: 'PAYEE_QUERY',
  name: '收款人名册（分页）',
  path: '/{prefix}/payee/query',
  authority: [...READERS],
  request: payeeQuerySchema,
  response: pageOf(payeeRecordSchema),
});

/** `payee/detail`: one payee with its history. */
export const payeeDetail = defineOperation({
  ...base,
  id: 'PAYEE_DETAIL',
  name: '收款人详情',
  path: '/{prefix}/payee/detail',
  authority: [...READERS],
  request: z.object({ id: payeeId }),
  response: payeeDetailSchema,
});

export const bankCodeSchema = z.object({
  cnaps: z.string(),
  bankName: z.string(),
  /** The first 3 digits of the code (`BANK_CATEGORIES`). */
  category: z.string(),
  categoryName: z.string(),
  city: z.string(),
});
export type BankCode = z.infer<typeof bankCodeSchema>;

export const BANK_SEARCH_LIMIT = 20;

/**
 * `payee/bankCode/search`: the bank-code table by CNAPS code (prefix) or bank name or city
 * (contains, every word), at most BANK_SEARCH_LIMIT rows; empty asks for the first ones.
 */
export const bankCodeSearch = defineOperation({
  ...base,
  id: 'PAYEE_BANK_CODE_SEARCH',
  name: '查询大额支付行号',
  path: '/{prefix}/payee/bankCode/search',
  authority: [...READERS],
  request: z.object({ keyword: filterText('开户行', 50) }),
  response: z.array(bankCodeSchema),
});

export const payeeAddSchema = z.object(payeeFields);

/** `payee/add`: a new payee, 待复核 until a reviewer passes it. */
export const payeeAdd = defineOperation({
  ...base,
  id: 'PAYEE_ADD',
  name: '新增收款人',
  path: '/{prefix}/payee/add',
  authority: ['ACTION_payeeEdit'],
  antiReplay: true,
  request: payeeAddSchema,
  response: payeeRecordSchema,
});

const version = z.number({ error: '版本号不正确' }).int('版本号不正确').min(0, '版本号不正确');

export const payeeUpdateSchema = z.object({ id: payeeId, version, ...payeeFields });

/**
 * `payee/update`: proposes an edit of an effective payee (reviewed again; the effective version
 * stays usable meanwhile), or proposes a refused one anew.
 */
export const payeeUpdate = defineOperation({
  ...base,
  id: 'PAYEE_UPDATE',
  name: '修改收款人',
  path: '/{prefix}/payee/update',
  authority: ['ACTION_payeeEdit'],
  antiReplay: true,
  request: payeeUpdateSchema,
  response: payeeRecordSchema,
});

/** `payee/delete`: proposes the deletion of an effective payee; it goes when a reviewer passes it. */
export const payeeDelete = defineOperation({
  ...base,
  id: 'PAYEE_DELETE',
  name: '申请删除收款人',
  path: '/{prefix}/payee/delete',
  authority: ['ACTION_payeeEdit'],
  antiReplay: true,
  request: z.object({ id: payeeId, version }),
  response: payeeRecordSchema,
});

/**
 * A reviewer's signed decision on one change: `kind`, `name`, `accountNo` and `cnaps` are what
 * the reviewer saw of it; the server signs-checks against its own row, so a listing that differs
 * fails.
 */
export const payeeReviewSchema = z
  .object({
    changeId,
    result: decisionSchema,
    reason: plainText('原因不能包含控制字符').trim().max(PAYEE_REASON_MAX, `原因不能超过${PAYEE_REASON_MAX}个字符`).default(''),
    kind: kindSchema,
    name: z.string({ error: '缺少签名的收款人信息' }),
    accountNo: z.string({ error: '缺少签名的收款人信息' }),
    cnaps: z.string({ error: '缺少签名的收款人信息' }),
  })
  .refine((v) => v.result === 'pass' || v.reason !== '', { message: REASON_REQUIRED, path: ['reason'] });

/** `payee/review`: pass (the change takes effect) or refuse (with a reason) one waiting change, signed. */
export const payeeReview = defineOperation({
  ...base,
  id: 'PAYEE_REVIEW',
  name: '收款人复核',
  path: '/{prefix}/payee/review',
  authority: ['PAYEE_REVIEW'],
  antiReplay: true,
  request: withSignature(payeeReviewSchema),
  signing: 'PayeeReview',
  response: payeeRecordSchema,
});
