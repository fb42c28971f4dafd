import { z } from 'zod';
import { CODE_TABLES } from '../rules/code-tables';
import { int4Id, plainText } from '../rules/schema-primitives';
import { CSV_FORMAT_MESSAGE } from '../rules/validators';
import { WARNING_KINDS, isYmd, type WarningKind } from '../rules/warning-feed';
import { accountFilterFields } from './accounts';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * Warnings the custodian bank produces every day from its custody systems (issue 13): clear-position
 * warnings (清仓预警), pre-cleaning reminders (预清算提醒) and new-share payments (新股缴款提醒).
 * Staff import each kind's daily feed; customers see their enterprise's rows only, handle them and
 * download them. The enterprise is always the session's.
 */
const base = { category: '预警信息', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;
const staff = { category: '托管行预警', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const WARNING_MESSAGES = {
  unknown: (ids: readonly number[]) => `预警记录不存在或不属于本企业：编号${ids.join('、')}`,
  handled: (name: string, ids: readonly number[], state: string) => `${name}${state}，不能重复处理：编号${ids.join('、')}`,
  dateOrder: '开始日期不能晚于结束日期',
} as const;

export const warningKindSchema = z.enum(WARNING_KINDS, { error: '预警类型须为clearPosition、preCleaning或newSharePayment' });

/** Both status tables use 0 (to do) and 1 (done). */
export const WARNING_STATUSES = Object.keys(CODE_TABLES.warningStatus) as ['0', '1'];
export const WARNING_OPEN = '0';
export const WARNING_DONE = '1';

const optionalDate = (label: string) =>
  plainText(`${label}不能包含控制字符`)
    .trim()
    .refine((v) => v === '' || isYmd(v), `${label}须为有效日期（yyyy-MM-dd）`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The filters of every warning list and of its download: the account (contains-match), the
 * kind's own date (trigger date, settlement date, payment deadline) within a range, the status.
 */
export const warningFilterFields = {
  accountNo: accountFilterFields.accountNo,
  dateFrom: optionalDate('开始日期'),
  dateTo: optionalDate('结束日期'),
  status: z
    .union([z.literal(''), z.enum(WARNING_STATUSES)], { error: '状态须为0或1' })
    .optional()
    .transform((v) => (v ? v : undefined)),
};
const inOrder = (v: { dateFrom?: string | undefined; dateTo?: string | undefined }) => !v.dateFrom || !v.dateTo || v.dateFrom <= v.dateTo;

export const warningFilterSchema = z.object(warningFilterFields).refine(inOrder, { message: WARNING_MESSAGES.dateOrder, path: ['dateTo'] });
export const warningQuerySchema = z.object({ ...pageQuery, ...warningFilterFields }).refine(inOrder, { message: WARNING_MESSAGES.dateOrder, path: ['dateTo'] });

/** What every warning carries: whose, on which account, from which feed, and who handled it. */
const common = {
  id: z.number(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
  /** The account's currency: the amounts are in it. */
  currency: z.string(),
  /** `WARNING_OPEN` or `WARNING_DONE`; labels in `CODE_TABLES.warningStatus` / `sharePaymentStatus`. */
  status: z.enum(WARNING_STATUSES),
  handledByUserNo: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  remark: z.string().nullable(),
  feedId: z.string(),
  createdAt: z.string(),
};

export const clearPositionRecordSchema = z.object({
  kind: z.literal('clearPosition'),
  ...common,
  productCode: z.string(),
  productName: z.string(),
  /** `CODE_TABLES.warningTrigger` code. */
  trigger: z.string(),
  /** Decimal strings with four decimals. */
  unitNav: z.string(),
  threshold: z.string().nullable(),
  triggerDate: z.string(),
  deadline: z.string(),
  /** Not handled and the deadline has passed (China's today). */
  overdue: z.boolean(),
});
export type ClearPositionRecord = z.infer<typeof clearPositionRecordSchema>;

export const preCleaningRecordSchema = z.object({
  kind: z.literal('preCleaning'),
  ...common,
  settleDate: z.string(),
  /** `CODE_TABLES.market` code. */
  market: z.string(),
  amountDue: z.string(),
  /** As the feed states it. */
  availableBalance: z.string(),
  /** max(amount due − available balance, 0), computed by the database. */
  shortfall: z.string(),
});
export type PreCleaningRecord = z.infer<typeof preCleaningRecordSchema>;

export const newSharePaymentRecordSchema = z.object({
  kind: z.literal('newSharePayment'),
  ...common,
  stockCode: z.string(),
  stockName: z.string(),
  market: z.string(),
  quantity: z.number(),
  /** Four decimals. */
  issuePrice: z.string(),
  /** quantity × issue price, exact. */
  amountPayable: z.string(),
  paymentDeadline: z.string(),
  /** Not paid and the deadline has passed (China's today). */
  overdue: z.boolean(),
});
export type NewSharePaymentRecord = z.infer<typeof newSharePaymentRecordSchema>;

export const warningRecordSchema = z.discriminatedUnion('kind', [clearPositionRecordSchema, preCleaningRecordSchema, newSharePaymentRecordSchema]);
export type WarningRecord = z.infer<typeof warningRecordSchema>;
export type WarningRecordOf<K extends WarningKind> = Extract<WarningRecord, { kind: K }>;

export const WARNING_BATCH_MAX = 100;
export const REMARK_MAX = 200;
export const REMARK_REQUIRED = '请输入处理说明';

export const warningHandleSchema = z.object({
  ids: z
    .array(int4Id('预警编号不正确'), { error: '请选择预警记录' })
    .min(1, '请选择预警记录')
    .max(WARNING_BATCH_MAX, `一次最多处理${WARNING_BATCH_MAX}条`)
    .refine((ids) => new Set(ids).size === ids.length, '预警记录重复'),
  remark: plainText('处理说明不能包含控制字符').trim().min(1, REMARK_REQUIRED).max(REMARK_MAX, `处理说明不能超过${REMARK_MAX}个字符`),
});

export const WARNING_DOWNLOAD_MAX_ROWS = 50_000;

/** The customer's query, handle and download of one kind. */
function customerOperations<R extends WarningRecord>(id: string, name: string, path: string, record: z.ZodType<R>, handleName: string) {
  return {
    query: defineOperation({
      ...base,
      id: `WARNING_${id}_QUERY`,
      partner: 'read',
      name: `${name}列表（分页）`,
      path: `/{prefix}/warning/${path}/query`,
      authority: ['WARNING_VIEW'],
      request: warningQuerySchema,
      response: pageOf(record),
    }),
    handle: defineOperation({
      ...base,
      id: `WARNING_${id}_HANDLE`,
      name: handleName,
      path: `/{prefix}/warning/${path}/handle`,
      authority: ['WARNING_HANDLE'],
      antiReplay: true,
      request: warningHandleSchema,
      response: z.array(record),
    }),
    download: defineOperation({
      ...base,
      id: `WARNING_${id}_DOWNLOAD`,
      name: `下载${name}（xlsx）`,
      path: `/{prefix}/warning/${path}/download`,
      authority: ['WARNING_VIEW'],
      kind: 'download',
      maxBytes: 20 * 1_048_576,
      request: warningFilterSchema,
    }),
  };
}

const clearPosition = customerOperations('CLEAR_POSITION', '清仓预警', 'clearPosition', clearPositionRecordSchema, '处理清仓预警');
const preCleaning = customerOperations('PRE_CLEANING', '预清算提醒', 'preCleaning', preCleaningRecordSchema, '处理预清算提醒');
const newSharePayment = customerOperations('NEW_SHARE_PAYMENT', '新股缴款提醒', 'newSharePayment', newSharePaymentRecordSchema, '确认新股缴款');

/** `warning/clearPosition/query`: the enterprise's clear-position warnings, newest trigger date first. */
export const clearPositionQuery = clearPosition.query;
/** `warning/clearPosition/handle {ids, remark}`: marks them 已处理, all or nothing. */
export const clearPositionHandle = clearPosition.handle;
export const clearPositionDownload = clearPosition.download;
/** `warning/preCleaning/query`: the enterprise's pre-cleaning reminders, newest settlement date first. */
export const preCleaningQuery = preCleaning.query;
export const preCleaningHandle = preCleaning.handle;
export const preCleaningDownload = preCleaning.download;
/** `warning/newSharePayment/query`: the enterprise's new-share payments, latest deadline first. */
export const newSharePaymentQuery = newSharePayment.query;
/** `warning/newSharePayment/handle {ids, remark}`: marks them 已确认缴款, all or nothing. */
export const newSharePaymentHandle = newSharePayment.handle;
export const newSharePaymentDownload = newSharePayment.download;

export const WARNING_FEED_MAX_BYTES = 2 * 1_048_576;

export const warningImportSchema = uploadSchema({ maxBytes: WARNING_FEED_MAX_BYTES, extensions: ['csv'], extensionMessage: CSV_FORMAT_MESSAGE }).safeExtend({
  kind: warningKindSchema,
  /** Check only: the answer says what an import would do, and nothing is written. */
  preview: z.boolean({ error: 'preview须为true或false' }).default(false),
});

export const feedRowErrorSchema = z.object({ rowNo: z.number(), accountNo: z.string(), reason: z.string() });

/**
 * - `valid`: a preview found nothing wrong (nothing written);
 * - `rejected`: some rows are wrong, `errors` say why, nothing written;
 * - `imported`: every row added;
 * - `duplicate`: this very file was imported before, nothing added.
 */
export const IMPORT_OUTCOMES = ['valid', 'rejected', 'imported', 'duplicate'] as const;

export const warningImportResultSchema = z.object({
  outcome: z.enum(IMPORT_OUTCOMES),
  kind: warningKindSchema,
  feedId: z.string().nullable(),
  rowCount: z.number(),
  /** Rows written by this call (0 unless `imported`). */
  added: z.number(),
  /** The enterprises the feed's rows belong to. */
  enterpriseNos: z.array(z.string()),
  errors: z.array(feedRowErrorSchema),
  message: z.string(),
});
export type WarningImportResult = z.infer<typeof warningImportResultSchema>;

/**
 * `custodian/warning/import {kind, file}`: one day's feed of one kind from the custody system,
 * checked row by row and written all or nothing, idempotent by its feed id: the same file again
 * adds nothing and says so, the same feed id with other content is refused. `preview` checks
 * without writing.
 */
export const custodianWarningImport = defineOperation({
  ...staff,
  id: 'CUSTODIAN_WARNING_IMPORT',
  name: '预警数据导入（CSV）',
  path: '/{prefix}/custodian/warning/import',
  authority: ['WARNING_IMPORT'],
  kind: 'upload',
  maxBytes: WARNING_FEED_MAX_BYTES,
  antiReplay: true,
  request: warningImportSchema,
  response: warningImportResultSchema,
});

export const custodianWarningQuerySchema = z
  .object({
    ...pageQuery,
    kind: warningKindSchema,
    enterpriseNo: filterText('企业编号', 10),
    ...warningFilterFields,
  })
  .refine(inOrder, { message: WARNING_MESSAGES.dateOrder, path: ['dateTo'] });

/** `custodian/warning/query`: one kind's warnings across every enterprise (bank staff). */
export const custodianWarningQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_WARNING_QUERY',
  name: '预警信息列表（全部企业）',
  path: '/{prefix}/custodian/warning/query',
  authority: ['WARNING_IMPORT'],
  request: custodianWarningQuerySchema,
  response: pageOf(warningRecordSchema),
});

export const warningFeedSchema = z.object({
  feedId: z.string(),
  kind: warningKindSchema,
  fileName: z.string(),
  rowCount: z.number(),
  enterpriseCount: z.number(),
  /** SM3 of the file as uploaded (hex). */
  fileDigest: z.string(),
  importedByUserNo: z.string(),
  importedByName: z.string(),
  importedAt: z.string(),
});
export type WarningFeed = z.infer<typeof warningFeedSchema>;

/** `custodian/warning/feed/query`: the imported feeds, newest first. */
export const custodianWarningFeedQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_WARNING_FEED_QUERY',
  name: '预警数据导入记录（分页）',
  path: '/{prefix}/custodian/warning/feed/query',
  authority: ['WARNING_IMPORT'],
  request: z.object({
    ...pageQuery,
    kind: z
      .union([z.literal(''), warningKindSchema], { error: '预警类型须为clearPosition、preCleaning或newSharePayment' })
      .optional()
      .transform((v) => (v ? v : undefined)),
  }),
  response: pageOf(warningFeedSchema),
});
