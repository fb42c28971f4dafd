import { z } from 'zod';
import { TEMPLATE_CHANGE_KINDS, TEMPLATE_FIELDS, TEMPLATE_STATUSES, normalizeLocked, type TemplateField } from '../rules/instruction-template';
import { int4Id, plainText } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';
import { accountNoSchema } from './accounts';
import { PURPOSE_MAX, REASON_REQUIRED, decisionSchema, instructionTypeSchema } from './instructions';
import { filterText, pageOf, pageQuery } from './paging';

export { TEMPLATE_MESSAGES } from '../rules/instruction-template';

/**
 * 指令模板 (issue 28): an enterprise's instruction templates, each field locked or editable,
 * taking effect only after a second person of the enterprise reviews them (signed). Changes of an
 * effective template are reviewed again while the approved version stays usable; a maker may
 * withdraw a change they proposed; every proposal and decision is kept. The enterprise is always
 * the session's. The states are `rules/instruction-template.ts`.
 */
const base = { category: '指令模板', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;

/** Who may read templates: their keepers, their reviewers, and makers starting an instruction from one. */
const READERS = ['TEMPLATE_VIEW', 'TEMPLATE_REVIEW', 'INSTRUCTION_ENTRY'] as const;
const MAKERS = ['ACTION_templateEdit'] as const;

export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_REASON_MAX = 200;

const templateId = int4Id('模板编号不正确');
const changeId = int4Id('变更编号不正确');
const version = z.number({ error: '版本号不正确' }).int('版本号不正确').min(0, '版本号不正确');

const FIELDS = TEMPLATE_FIELDS as [TemplateField, ...TemplateField[]];

const lockedSchema = z
  .array(z.enum(FIELDS, { error: '锁定字段不正确' }), { error: '锁定字段不正确' })
  .max(TEMPLATE_FIELDS.length, '锁定字段不正确')
  .transform(normalizeLocked);

/** What a maker enters; the payee is one of the enterprise's effective payees, copied as the book has it. */
export const templateFields = {
  name: plainText('模板名称不能包含控制字符').trim().min(1, '请输入模板名称').max(TEMPLATE_NAME_MAX, `模板名称不能超过${TEMPLATE_NAME_MAX}个字符`),
  type: instructionTypeSchema,
  payerAccountNo: accountNoSchema,
  payeeId: int4Id('请选择收款人'),
  purpose: plainText('用途不能包含控制字符').trim().min(1, '请输入用途').max(PURPOSE_MAX, `用途不能超过${PURPOSE_MAX}个字符`),
  locked: lockedSchema.default([]),
};

const statusSchema = z.enum(TEMPLATE_STATUSES as [string, ...string[]]);
const kindSchema = z.enum(TEMPLATE_CHANGE_KINDS as [string, ...string[]]);
const lockedList = z.array(z.enum(FIELDS));

/** The template's content, as a version of it holds it. */
const contentShape = {
  name: z.string(),
  type: z.string(),
  payerAccountNo: z.string(),
  payeeId: z.number(),
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  payeeBank: z.string(),
  payeeCnaps: z.string(),
  purpose: z.string(),
  /** `TEMPLATE_LOCKABLE` keys, in their order. */
  locked: lockedList,
};

/** A proposal waiting for review: what the template becomes (for a deletion: what goes) if it passes. */
export const templateChangeSchema = z.object({
  id: z.number(),
  /** `TEMPLATE_CHANGE_KIND` code: add, edit, delete. */
  kind: kindSchema,
  ...contentShape,
  requestedByUserNo: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
});
export type TemplateChange = z.infer<typeof templateChangeSchema>;

/** One template as lists show it: the approved version (or, while a new one waits, the proposed one) and the change waiting beside it. */
export const templateRecordSchema = z.object({
  id: z.number(),
  /** `TEMPLATE_STATUS` code. */
  status: statusSchema,
  ...contentShape,
  /** The approved version's number (1 for the first approval), 0 while never approved; an instruction records it. */
  revision: z.number(),
  refuseReason: z.string().nullable(),
  pendingChange: templateChangeSchema.nullable(),
  /** Optimistic locking: send it back with an edit, deletion or withdrawal. */
  version: z.number(),
  createdByUserNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

/** One proposal and what became of it, as the history lists it (oldest first). */
export const templateHistorySchema = templateChangeSchema.extend({
  status: z.enum(['pending', 'approved', 'refused', 'withdrawn']),
  /** The version number an approval gave, else null. */
  revision: z.number().nullable(),
  decidedByUserNo: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  signed: z.boolean(),
});
export type TemplateHistory = z.infer<typeof templateHistorySchema>;

export const templateDetailSchema = templateRecordSchema.extend({ history: z.array(templateHistorySchema) });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

/** all: the templates (deleted ones only when asked for by status); usable: the effective ones, for 从模板新建; review: those with a change waiting. */
export const TEMPLATE_VIEWS = ['all', 'usable', 'review'] as const;
export type TemplateView = (typeof TEMPLATE_VIEWS)[number];

export const templateQuerySchema = z.object({
  ...pageQuery,
  view: z.enum(TEMPLATE_VIEWS, { error: '视图须为all、usable或review' }).default('all'),
  /** Template name, payee name or account, contains-match. */
  keyword: filterText('模板', 100),
  status: z
    .union([z.literal(''), statusSchema], { error: '模板状态不正确' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** `template/query`: one view of the session's enterprise's templates, newest first, paged. */
export const templateQuery = defineOperation({
  ...base,
  id: 'TEMPLATE_QUERY',
  name: '指令模板（分页）',
  path: '/{prefix}/template/query',
  authority: [...READERS],
  request: templateQuerySchema,
  response: pageOf(templateRecordSchema),
});

/** `template/detail`: one template with its history. */
export const templateDetail = defineOperation({
  ...base,
  id: 'TEMPLATE_DETAIL',
  name: '指令模板详情',
  path: '/{prefix}/template/detail',
  authority: [...READERS],
  request: z.object({ id: templateId }),
  response: templateDetailSchema,
});

export const templateAccountSchema = z.object({ accountNo: z.string(), accountName: z.string(), alias: z.string(), currency: z.string() });
export type TemplateAccount = z.infer<typeof templateAccountSchema>;

/** `template/payerAccounts`: the enterprise's e-banking accounts in use, which a template may pay from. */
export const templatePayerAccounts = defineOperation({
  ...base,
  id: 'TEMPLATE_PAYER_ACCOUNTS',
  name: '模板可选付款账户',
  path: '/{prefix}/template/payerAccounts',
  authority: [...MAKERS],
  request: z.object({}),
  response: z.array(templateAccountSchema),
});

export const templateAddSchema = z.object(templateFields);

/** `template/add`: a new template, 待复核 until a reviewer passes it. */
export const templateAdd = defineOperation({
  ...base,
  id: 'TEMPLATE_ADD',
  name: '新增指令模板',
  path: '/{prefix}/template/add',
  authority: [...MAKERS],
  antiReplay: true,
  request: templateAddSchema,
  response: templateRecordSchema,
});

export const templateUpdateSchema = z.object({ id: templateId, version, ...templateFields });

/** `template/update`: proposes an edit of an effective template (the approved version stays usable meanwhile), or a refused one anew. */
export const templateUpdate = defineOperation({
  ...base,
  id: 'TEMPLATE_UPDATE',
  name: '修改指令模板',
  path: '/{prefix}/template/update',
  authority: [...MAKERS],
  antiReplay: true,
  request: templateUpdateSchema,
  response: templateRecordSchema,
});

/** `template/delete`: proposes the deletion of an effective template; it goes when a reviewer passes it. */
export const templateDelete = defineOperation({
  ...base,
  id: 'TEMPLATE_DELETE',
  name: '申请删除指令模板',
  path: '/{prefix}/template/delete',
  authority: [...MAKERS],
  antiReplay: true,
  request: z.object({ id: templateId, version }),
  response: templateRecordSchema,
});

/** `template/withdraw`: the maker takes back the change they proposed, before it is reviewed. */
export const templateWithdraw = defineOperation({
  ...base,
  id: 'TEMPLATE_WITHDRAW',
  name: '撤回指令模板变更',
  path: '/{prefix}/template/withdraw',
  authority: [...MAKERS],
  antiReplay: true,
  request: z.object({ id: templateId, version }),
  response: templateRecordSchema,
});

const seen = (label: string) => z.string({ error: `缺少签名的${label}` });

/**
 * A reviewer's signed decision on one change: the content fields are what the reviewer saw of
 * it; the server signs-checks against its own row, so a listing that differs fails.
 */
export const templateReviewSchema = z
  .object({
    changeId,
    result: decisionSchema,
    reason: plainText('原因不能包含控制字符').trim().max(TEMPLATE_REASON_MAX, `原因不能超过${TEMPLATE_REASON_MAX}个字符`).default(''),
    kind: kindSchema,
    name: seen('模板名称'),
    type: seen('指令类型'),
    payerAccountNo: seen('付款账户'),
    payeeAccountNo: seen('收款账号'),
    payeeCnaps: seen('大额支付行号'),
    purpose: seen('用途'),
    locked: lockedList,
  })
  .refine((v) => v.result === 'pass' || v.reason !== '', { message: REASON_REQUIRED, path: ['reason'] });

/** `template/review`: pass (the change takes effect) or refuse (with a reason) one waiting change, signed. */
export const templateReview = defineOperation({
  ...base,
  id: 'TEMPLATE_REVIEW',
  name: '指令模板复核',
  path: '/{prefix}/template/review',
  authority: ['TEMPLATE_REVIEW'],
  antiReplay: true,
  request: withSignature(templateReviewSchema),
  signing: 'TemplateReview',
  response: templateRecordSchema,
});
