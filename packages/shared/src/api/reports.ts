import { z } from 'zod';
import { REPORT_FREQUENCIES } from '../rules/report-schedule';
import { int4Id } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * 报表中心 (issue 29): the reports a seat may see come from the server's report registry (each
 * feature registers its own); a seat runs one on demand or subscribes to it daily, weekly or
 * monthly, and downloads what was produced (kept 90 days) through a download ticket. Delivered
 * reports also appear in 消息中心 (docs/features/reports-and-messages.md).
 */
const base = { category: '报表中心', serviceId: 'zctg-customer', audience: ['customer', 'staff'], method: 'POST', encrypt: true } as const;

/**
 * The file formats a report may be produced in. A format is one entry here (PDF joins with its
 * renderer); each registered report lists those it supports.
 */
export const REPORT_FORMATS = {
  xlsx: { label: 'Excel', extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { label: 'CSV', extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  pdf: { label: 'PDF', extension: 'pdf', contentType: 'application/pdf' },
} as const;
export type ReportFormat = keyof typeof REPORT_FORMATS;
export const REPORT_FORMAT_CODES = Object.keys(REPORT_FORMATS) as [ReportFormat, ...ReportFormat[]];

/** The parameters a report may take; each report names those it uses. */
export const REPORT_PARAMS = ['period', 'accounts'] as const;
export type ReportParam = (typeof REPORT_PARAMS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为yyyy-MM-dd');
const kindSchema = z.string().regex(/^[a-zA-Z][\w.-]{0,63}$/, '报表类型不正确');
const formatSchema = z.enum(REPORT_FORMAT_CODES, { error: '请选择正确的文件格式' });
export const reportParamsSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  accountNos: z.array(z.string().regex(/^\d{6,32}$/, '账号格式不正确'), { error: '请选择账户' }).max(200, '一次最多选择200个账户').optional(),
});
export type ReportParams = z.infer<typeof reportParamsSchema>;

export const reportKindSchema = z.object({
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  formats: z.array(formatSchema),
  params: z.array(z.enum(REPORT_PARAMS)),
});
export type ReportKind = z.infer<typeof reportKindSchema>;

export const generatedReportSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  format: formatSchema,
  fileName: z.string(),
  byteSize: z.number(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  /** The subscription that produced it, or null (run on demand). */
  subscriptionId: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const subscriptionSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  format: formatSchema,
  params: reportParamsSchema,
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** ok | failed | retrying, of the last run; null before the first. */
  lastStatus: z.enum(['ok', 'failed', 'retrying']).nullable(),
  lastError: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
});
export type ReportSubscription = z.infer<typeof subscriptionSchema>;

/** `report/kinds`: the registered reports this seat's authorities allow. */
export const reportKinds = defineOperation({
  ...base,
  id: 'REPORT_KINDS',
  name: '可用报表',
  path: '/{prefix}/report/kinds',
  response: z.array(reportKindSchema),
});

export const reportAccountSchema = z.object({ accountNo: z.string(), accountName: z.string() });
export type ReportAccount = z.infer<typeof reportAccountSchema>;

/**
 * `report/accounts`: the accounts the seat may choose for a report's `accountNos` — those its
 * enterprise holds or oversees (bank staff: any). Choosing another is refused.
 */
export const reportAccounts = defineOperation({
  ...base,
  id: 'REPORT_ACCOUNTS',
  name: '报表可选账户',
  path: '/{prefix}/report/accounts',
  response: z.array(reportAccountSchema),
});

/** `report/run`: produces a report now, keeps it 90 days, answers it (download it with `report/download`). */
export const reportRun = defineOperation({
  ...base,
  id: 'REPORT_RUN',
  antiReplay: true,
  name: '生成报表',
  path: '/{prefix}/report/run',
  request: reportParamsSchema.safeExtend({ kind: kindSchema, format: formatSchema }),
  response: generatedReportSchema,
});

/** `report/generated/query`: the seat's produced reports, newest first (expired ones are gone). */
export const reportGeneratedQuery = defineOperation({
  ...base,
  id: 'REPORT_GENERATED_QUERY',
  name: '已生成报表（分页）',
  path: '/{prefix}/report/generated/query',
  request: z.object({ ...pageQuery, kind: kindSchema.optional() }),
  response: pageOf(generatedReportSchema),
});

/** `report/download`: one of the seat's produced reports, through a download ticket. */
export const reportDownload = defineOperation({
  ...base,
  id: 'REPORT_DOWNLOAD',
  name: '下载报表',
  path: '/{prefix}/report/download',
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  // Every format a report may be produced in (the browser saves only these).
  fileTypes: REPORT_FORMAT_CODES.map((f) => REPORT_FORMATS[f].extension),
  request: z.object({ id: int4Id('报表编号不正确') }),
});

/** `report/subscription/query`: the seat's subscriptions with their last run. */
export const subscriptionQuery = defineOperation({
  ...base,
  id: 'REPORT_SUBSCRIPTION_QUERY',
  name: '报表订阅列表',
  path: '/{prefix}/report/subscription/query',
  response: z.array(subscriptionSchema),
});

/** `report/subscribe`: the report is produced every day, week or month and delivered to 消息中心. */
export const subscribe = defineOperation({
  ...base,
  id: 'REPORT_SUBSCRIBE',
  antiReplay: true,
  name: '订阅报表',
  path: '/{prefix}/report/subscribe',
  request: z.object({
    kind: kindSchema,
    format: formatSchema,
    frequency: z.enum(REPORT_FREQUENCIES, { error: '请选择订阅频率' }),
    accountNos: reportParamsSchema.shape.accountNos,
  }),
  response: subscriptionSchema,
});

/** `report/unsubscribe`: ends a subscription (reports already produced stay). */
export const unsubscribe = defineOperation({
  ...base,
  id: 'REPORT_UNSUBSCRIBE',
  antiReplay: true,
  name: '取消订阅',
  path: '/{prefix}/report/unsubscribe',
  request: z.object({ id: int4Id('订阅编号不正确') }),
  response: z.object({ id: z.number() }),
});
