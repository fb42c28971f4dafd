import { z } from 'zod';
import { withSignature } from '../rules/signing';
import { isYmd } from '../rules/warning-feed';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * Cash statements (资金对账单, issue 29): staff load the custodian's daily statements (CSV or
 * camt.053.001.08); customers read an account's statement over a period, with the entries the
 * custodian's execution of their instructions wrote, and download it. The enterprise is always the
 * session's; a third-party institution reads the accounts it oversees.
 */
const base = { category: '资金对账单', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;
const staff = { category: '资金数据导入', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const CASH_STATEMENT_MAX_DAYS = 366;
/** What the screen shows at once; the xlsx download streams up to `CASH_DOWNLOAD_MAX_ENTRIES` (a busy account's year). */
export const CASH_STATEMENT_MAX_ENTRIES = 5_000;
export const CASH_DOWNLOAD_MAX_ENTRIES = 200_000;

export const CASH_STATEMENT_MESSAGES = {
  dateOrder: '开始日期不能晚于结束日期',
  tooLong: `查询期间不能超过${CASH_STATEMENT_MAX_DAYS}天`,
  unknownAccount: '账户不存在或无权查看',
  tooMany: (n: number) => `该期间共${n}笔流水，超过${CASH_STATEMENT_MAX_ENTRIES}笔，请缩小查询期间或下载Excel`,
  tooManyToDownload: (n: number) => `该期间共${n}笔流水，超过${CASH_DOWNLOAD_MAX_ENTRIES}笔，请缩小下载期间`,
} as const;

const date = (label: string) => z.string({ error: `请选择${label}` }).trim().refine(isYmd, `${label}须为有效日期（yyyy-MM-dd）`);

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const cashStatementQuerySchema = z
  .object({
    accountNo: z.string({ error: '请选择账户' }).trim().regex(/^\d{12,22}$/, '请选择账户'),
    dateFrom: date('开始日期'),
    dateTo: date('结束日期'),
  })
  .refine((v) => v.dateFrom <= v.dateTo, { message: CASH_STATEMENT_MESSAGES.dateOrder, path: ['dateTo'] })
  .refine((v) => daysBetween(v.dateFrom, v.dateTo) < CASH_STATEMENT_MAX_DAYS, { message: CASH_STATEMENT_MESSAGES.tooLong, path: ['dateTo'] });

export const cashAccountSchema = z.object({
  accountNo: z.string(),
  accountName: z.string(),
  productName: z.string(),
  currency: z.string(),
  enterpriseNo: z.string(),
  /** `own`: the enterprise's account; `thirdParty`: an account it oversees as third-party institution. */
  relation: z.enum(['own', 'thirdParty']),
});
export type CashAccount = z.infer<typeof cashAccountSchema>;

/** `cash/account/query`: the accounts whose statements the session may read. */
export const cashAccountQuery = defineOperation({
  ...base,
  id: 'CASH_ACCOUNT_QUERY',
  name: '资金对账单账户列表',
  path: '/{prefix}/cash/account/query',
  authority: ['CASH_VIEW'],
  response: z.array(cashAccountSchema),
});

export const cashEntrySchema = z.object({
  id: z.number(),
  bookingDate: z.string(),
  valueDate: z.string(),
  direction: z.enum(['C', 'D']),
  amount: z.string(),
  /** The balance after the entry, within the statement; null while the day's statement has not arrived. */
  balance: z.string().nullable(),
  counterpartyName: z.string(),
  counterpartyAccount: z.string(),
  summary: z.string(),
  /** The instruction that caused it, when one did: the link from the statement to the payment. */
  instructionNo: z.string().nullable(),
  instructionId: z.number().nullable(),
  ref: z.string().nullable(),
  /** `feed`: on the custodian's statement; `instruction`: written at execution, the day's statement not yet loaded. */
  source: z.enum(['feed', 'instruction']),
});
export type CashEntry = z.infer<typeof cashEntrySchema>;

export const cashStatementSchema = z.object({
  account: cashAccountSchema,
  dateFrom: z.string(),
  dateTo: z.string(),
  /** The balance at the start of the period and at its end, from the custodian's daily statements; null when none covers it. */
  opening: z.string().nullable(),
  closing: z.string().nullable(),
  totalCredit: z.string(),
  totalDebit: z.string(),
  creditCount: z.number(),
  debitCount: z.number(),
  /** Days of the period the custodian's statement covers, of all the days of the period. */
  daysLoaded: z.number(),
  daysInPeriod: z.number(),
  entries: z.array(cashEntrySchema),
});
export type CashStatement = z.infer<typeof cashStatementSchema>;

/** `cash/statement/query`: one account's statement over a period. */
export const cashStatementQuery = defineOperation({
  ...base,
  id: 'CASH_STATEMENT_QUERY',
  name: '资金对账单查询',
  path: '/{prefix}/cash/statement/query',
  authority: ['CASH_VIEW'],
  request: cashStatementQuerySchema,
  response: cashStatementSchema,
});

/** `cash/statement/download`: the same statement as xlsx. */
export const cashStatementDownload = defineOperation({
  ...base,
  id: 'CASH_STATEMENT_DOWNLOAD',
  name: '下载资金对账单（xlsx）',
  path: '/{prefix}/cash/statement/download',
  authority: ['CASH_VIEW'],
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  request: cashStatementQuerySchema,
});

/** `cash/statement/pdf`: the same statement as PDF, made on the server. */
export const cashStatementPdf = defineOperation({
  ...base,
  id: 'CASH_STATEMENT_PDF',
  name: '下载资金对账单（PDF）',
  path: '/{prefix}/cash/statement/pdf',
  authority: ['CASH_VIEW'],
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  request: cashStatementQuerySchema,
});

export const CASH_FEED_MAX_BYTES = 5 * 1_048_576;

export const cashImportSchema = uploadSchema({ maxBytes: CASH_FEED_MAX_BYTES, extensions: ['csv', 'xml'], extensionMessage: '仅支持导入CSV文件或camt.053 XML文件' }).safeExtend({
  /** Check only: the answer says what an import would do, and nothing is written. */
  preview: z.boolean({ error: 'preview须为true或false' }).default(false),
});

export const cashFeedErrorSchema = z.object({ rowNo: z.number(), accountNo: z.string(), reason: z.string() });

export const CASH_IMPORT_OUTCOMES = ['valid', 'rejected', 'imported', 'duplicate'] as const;

export const cashImportResultSchema = z.object({
  outcome: z.enum(CASH_IMPORT_OUTCOMES),
  format: z.enum(['CSV', 'camt.053.001.08']),
  feedId: z.string().nullable(),
  dayCount: z.number(),
  entryCount: z.number(),
  /** Entries of executed instructions the file completed instead of adding them again. */
  matched: z.number(),
  enterpriseNos: z.array(z.string()),
  errors: z.array(cashFeedErrorSchema),
  message: z.string(),
});
export type CashImportResult = z.infer<typeof cashImportResultSchema>;

/**
 * `custodian/cash/import {file}`: a file of daily statements (CSV layout 1.0 or camt.053.001.08),
 * every line checked at once, written all or nothing, idempotent by its batch id (MsgId).
 */
export const custodianCashImport = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CASH_IMPORT',
  name: '资金数据导入（CSV、camt.053）',
  path: '/{prefix}/custodian/cash/import',
  authority: ['CASH_IMPORT'],
  kind: 'upload',
  maxBytes: CASH_FEED_MAX_BYTES,
  antiReplay: true,
  request: cashImportSchema,
  response: cashImportResultSchema,
});

export const cashFeedSchema = z.object({
  feedId: z.string(),
  format: z.enum(['CSV', 'camt.053.001.08']),
  fileName: z.string(),
  dayCount: z.number(),
  entryCount: z.number(),
  enterpriseCount: z.number(),
  fileDigest: z.string(),
  importedByUserNo: z.string(),
  importedAt: z.string(),
});
export type CashFeed = z.infer<typeof cashFeedSchema>;

/** `custodian/cash/feed/query`: the imported statement files, newest first. */
export const custodianCashFeedQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CASH_FEED_QUERY',
  name: '资金数据导入记录（分页）',
  path: '/{prefix}/custodian/cash/feed/query',
  authority: ['CASH_IMPORT'],
  request: z.object({ ...pageQuery }),
  response: pageOf(cashFeedSchema),
});

// ——— 电子对账 ———

const reconcileStaff = { category: '对账管理', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const RECONCILE_RESULTS = { match: '相符', mismatch: '不符' } as const;
export const RECONCILE_STATUSES = { due: '未对账', match: '相符', mismatch: '不符' } as const;
export type ReconcileStatus = keyof typeof RECONCILE_STATUSES;
/** How many ended periods the lists go back. */
export const RECONCILE_PERIODS_SHOWN = 12;
export const RECONCILE_REASON_MAX = 500;

export const RECONCILE_MESSAGES = {
  reasonRequired: '对账不符时请填写原因',
  notPeriod: '对账期间与本企业的对账周期不符',
  notEnded: '该期间尚未结束，不能对账',
  done: '该账户该期间已完成对账',
  unknownEntries: (ids: readonly number[]) => `所选流水不属于该账户该期间：编号${ids.join('、')}`,
  noStatement: '该账户该期间没有托管行对账单，不能对账',
  notMismatch: '只能答复对账不符的记录',
  replied: '该对账不符已答复',
} as const;

export const reconciliationSchema = z.object({
  id: z.number(),
  result: z.enum(['match', 'mismatch']),
  opening: z.string().nullable(),
  closing: z.string().nullable(),
  entryCount: z.number(),
  entryIds: z.array(z.number()),
  reason: z.string(),
  signedByUserNo: z.string(),
  signedByName: z.string(),
  signedAt: z.string(),
  /** The signing data as signed, and the signature (base64 DER SM2) kept with it. */
  signData: z.string(),
  signMsg: z.string(),
  certSerial: z.string().nullable(),
  reply: z.string().nullable(),
  repliedByUserNo: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconcileItemSchema = z.object({
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
  frequency: z.enum(['monthly', 'quarterly']),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['due', 'match', 'mismatch']),
  /** Days since the period ended (for 未对账: how late). */
  daysOverdue: z.number(),
  reconciliation: reconciliationSchema.nullable(),
});
export type ReconcileItem = z.infer<typeof reconcileItemSchema>;

const statusFilter = z
  .union([z.literal(''), z.enum(['due', 'match', 'mismatch'])], { error: '对账状态须为due、match或mismatch' })
  .optional()
  .transform((v) => (v ? v : undefined));

/** `cash/reconcile/query`: the enterprise's accounts' ended periods, newest first, each 未对账, 相符 or 不符. */
export const cashReconcileQuery = defineOperation({
  ...base,
  id: 'CASH_RECONCILE_QUERY',
  name: '电子对账列表',
  path: '/{prefix}/cash/reconcile/query',
  authority: ['CASH_VIEW'],
  request: z.object({ status: statusFilter }),
  response: z.array(reconcileItemSchema),
});

export const cashReconcileSchema = z
  .object({
    accountNo: z.string({ error: '请选择账户' }).trim().regex(/^\d{12,22}$/, '请选择账户'),
    periodStart: date('期间开始日期'),
    periodEnd: date('期间结束日期'),
    result: z.enum(['match', 'mismatch'], { error: '对账结果须为match或mismatch' }),
    /** The disputed entries (不符), by id. */
    entryIds: z.array(z.number().int().positive(), { error: '流水编号须为正整数' }).max(500, '最多选择500笔流水').default([]),
    reason: z.string().trim().max(RECONCILE_REASON_MAX, `原因不能超过${RECONCILE_REASON_MAX}个字符`).default(''),
    /** The statement as the signer saw it; the server signs over its own. */
    opening: z.string().nullable().default(null),
    closing: z.string().nullable().default(null),
    entryCount: z.number().int().min(0).default(0),
  })
  .refine((v) => v.result === 'match' || v.reason !== '', { message: RECONCILE_MESSAGES.reasonRequired, path: ['reason'] })
  .refine((v) => v.result === 'mismatch' || v.entryIds.length === 0, { message: '对账相符时不选择流水', path: ['entryIds'] });

/**
 * `cash/reconcile`: the enterprise confirms an ended period's statement of one of its accounts as
 * 相符, or reports 不符 with the disputed entries and a reason; signed over the statement the
 * server holds, kept with its signature. Once per account and period.
 */
export const cashReconcile = defineOperation({
  ...base,
  id: 'CASH_RECONCILE',
  name: '电子对账确认',
  path: '/{prefix}/cash/reconcile',
  authority: ['CASH_RECONCILE'],
  antiReplay: true,
  request: withSignature(cashReconcileSchema),
  signing: 'CashReconcile',
  response: reconcileItemSchema,
});

/** `custodian/cash/reconcile/query`: every enterprise's accounts with statements, per period; 未对账 oldest first to chase. */
export const custodianReconcileQuery = defineOperation({
  ...reconcileStaff,
  id: 'CUSTODIAN_CASH_RECONCILE_QUERY',
  name: '对账管理列表',
  path: '/{prefix}/custodian/cash/reconcile/query',
  authority: ['CASH_RECONCILE_MANAGE'],
  request: z.object({
    ...pageQuery,
    status: statusFilter,
    enterpriseNo: z.string().trim().max(10, '企业编号不能超过10个字符').optional(),
  }),
  response: pageOf(reconcileItemSchema).extend({
    /** Counts over every enterprise and period listed, whatever the filter. */
    summary: z.object({ due: z.number(), match: z.number(), mismatch: z.number() }),
  }),
});

/** `custodian/cash/reconcile/reply`: the bank's answer to a mismatch, which the enterprise reads. Once. */
export const custodianReconcileReply = defineOperation({
  ...reconcileStaff,
  id: 'CUSTODIAN_CASH_RECONCILE_REPLY',
  name: '对账不符答复',
  path: '/{prefix}/custodian/cash/reconcile/reply',
  authority: ['CASH_RECONCILE_MANAGE'],
  antiReplay: true,
  request: z.object({
    id: z.number({ error: '缺少对账记录编号' }).int().positive(),
    reply: z.string().trim().min(1, '请填写答复').max(RECONCILE_REASON_MAX, `答复不能超过${RECONCILE_REASON_MAX}个字符`),
  }),
  response: reconcileItemSchema,
});

/** `custodian/cash/reconcile/calendar`: an enterprise's reconciliation period, monthly or quarterly. */
export const custodianReconcileCalendar = defineOperation({
  ...reconcileStaff,
  id: 'CUSTODIAN_CASH_RECONCILE_CALENDAR',
  name: '对账周期设置',
  path: '/{prefix}/custodian/cash/reconcile/calendar',
  authority: ['CASH_RECONCILE_MANAGE'],
  antiReplay: true,
  request: z.object({
    enterpriseNo: z.string({ error: '请选择企业' }).trim().regex(/^\d{10}$/, '企业编号须为10位数字'),
    frequency: z.enum(['monthly', 'quarterly'], { error: '对账周期须为monthly或quarterly' }),
  }),
  response: z.object({ enterpriseNo: z.string(), frequency: z.enum(['monthly', 'quarterly']) }),
});
