import { z } from 'zod';
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
export const CASH_STATEMENT_MAX_ENTRIES = 5_000;

export const CASH_STATEMENT_MESSAGES = {
  dateOrder: '开始日期不能晚于结束日期',
  tooLong: `查询期间不能超过${CASH_STATEMENT_MAX_DAYS}天`,
  unknownAccount: '账户不存在或无权查看',
  tooMany: (n: number) => `该期间共${n}笔流水，超过${CASH_STATEMENT_MAX_ENTRIES}笔，请缩小查询期间`,
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
