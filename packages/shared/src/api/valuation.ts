import { z } from 'zod';
import { ASSET_CLASSES, VALUATION_LINE_TYPES } from '../rules/valuation-feed';
import { isYmd } from '../rules/warning-feed';
import { plainText } from '../rules/schema-primitives';
import { CSV_FORMAT_MESSAGE } from '../rules/validators';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * Valuation statements (估值表, issue 29): staff import the custodian's daily valuation files;
 * customers read their products' statements (a third-party institution: the products it
 * oversees), their NAV trend and download them as xlsx or PDF. Every logged-in user reads the
 * data file formats in force.
 */
const customer = { category: '估值与对账', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;
const staff = { category: '托管行估值', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const VALUATION_MESSAGES = {
  noProduct: '产品不存在或不在本企业查询范围内',
  noStatement: (date: string) => `${date}无估值数据`,
  dateOrder: '开始日期不能晚于结束日期',
  range: '查询区间不能超过3年',
} as const;

const day = (label: string) =>
  plainText(`${label}不能包含控制字符`)
    .trim()
    .refine((v) => isYmd(v), `${label}须为有效日期（yyyy-MM-dd）`);
const productCode = plainText('产品代码不能包含控制字符').trim().regex(/^[0-9A-Za-z]{1,20}$/, '产品代码须为1到20位字母或数字');
const enterpriseNo = z.string({ error: '企业编号须为10位数字' }).regex(/^\d{10}$/, '企业编号须为10位数字');

/** A product the session may read: its own, or one it oversees as third-party institution. */
export const valuationProductSchema = z.object({
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  /** The newest valuation day on file, null when none. */
  latestDate: z.string().nullable(),
  /** True when the session sees it as third-party institution. */
  overseen: z.boolean(),
});
export type ValuationProduct = z.infer<typeof valuationProductSchema>;

/** `valuation/product/query`: the products the session may read, with their newest valuation day. */
export const valuationProductQuery = defineOperation({
  ...customer,
  id: 'VALUATION_PRODUCT_QUERY',
  name: '估值表产品列表',
  path: '/{prefix}/valuation/product/query',
  authority: ['VALUATION_VIEW'],
  request: z.object({}),
  response: z.array(valuationProductSchema),
});

export const statementRequestSchema = z.object({ enterpriseNo, productCode, valuationDate: day('估值日期') });

const summarySchema = z.object({
  valuationDate: z.string(),
  nav: z.string(),
  units: z.string(),
  unitNav: z.string(),
  cumUnitNav: z.string(),
  /** Positions' market value, cash, receivables, payables: decimal strings. */
  securities: z.string(),
  cash: z.string(),
  receivables: z.string(),
  payables: z.string(),
});
export type ValuationSummary = z.infer<typeof summarySchema>;

export const valuationLineSchema = z.object({
  lineNo: z.number(),
  type: z.enum(Object.keys(VALUATION_LINE_TYPES).filter((t) => t !== 'summary') as ['position', 'cash', 'receivable', 'payable']),
  securityCode: z.string(),
  market: z.string(),
  name: z.string(),
  assetClass: z.union([z.enum(Object.keys(ASSET_CLASSES) as [keyof typeof ASSET_CLASSES, ...(keyof typeof ASSET_CLASSES)[]]), z.literal('')]),
  quantity: z.string().nullable(),
  unitCost: z.string().nullable(),
  cost: z.string().nullable(),
  price: z.string().nullable(),
  marketValue: z.string(),
  gain: z.string().nullable(),
  navRatio: z.string(),
});
export type ValuationLine = z.infer<typeof valuationLineSchema>;

export const valuationStatementSchema = z.object({
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  current: summarySchema,
  /** The previous valuation day's summary, null for the first one on file. */
  previous: summarySchema.nullable(),
  lines: z.array(valuationLineSchema),
  importedAt: z.string(),
});
export type ValuationStatementRecord = z.infer<typeof valuationStatementSchema>;

/** `valuation/statement/query`: one product's statement of one day, with the previous valuation day's summary. */
export const valuationStatementQuery = defineOperation({
  ...customer,
  id: 'VALUATION_STATEMENT_QUERY',
  name: '估值表查询',
  path: '/{prefix}/valuation/statement/query',
  authority: ['VALUATION_VIEW'],
  request: statementRequestSchema,
  response: valuationStatementSchema,
});

export const navSeriesRequestSchema = z
  .object({ enterpriseNo, productCode, dateFrom: day('开始日期'), dateTo: day('结束日期') })
  .refine((v) => v.dateFrom <= v.dateTo, { message: VALUATION_MESSAGES.dateOrder, path: ['dateTo'] })
  .refine((v) => Date.parse(v.dateTo) - Date.parse(v.dateFrom) <= 3 * 366 * 86_400_000, { message: VALUATION_MESSAGES.range, path: ['dateFrom'] });

export const navPointSchema = z.object({ date: z.string(), nav: z.string(), unitNav: z.string(), cumUnitNav: z.string() });
export type NavPoint = z.infer<typeof navPointSchema>;

/** `valuation/nav/query`: a product's NAV and unit NAV per valuation day over a period (the trend chart). */
export const valuationNavQuery = defineOperation({
  ...customer,
  id: 'VALUATION_NAV_QUERY',
  name: '净值走势',
  path: '/{prefix}/valuation/nav/query',
  authority: ['VALUATION_VIEW'],
  request: navSeriesRequestSchema,
  response: z.array(navPointSchema),
});

const DOWNLOAD_MAX_BYTES = 10 * 1_048_576;

/** `valuation/statement/download`: the statement as xlsx. */
export const valuationStatementDownload = defineOperation({
  ...customer,
  id: 'VALUATION_STATEMENT_DOWNLOAD',
  name: '下载估值表（xlsx）',
  path: '/{prefix}/valuation/statement/download',
  authority: ['VALUATION_VIEW'],
  kind: 'download',
  maxBytes: DOWNLOAD_MAX_BYTES,
  request: statementRequestSchema,
});

/** `valuation/statement/pdf`: the statement as PDF, made on the server. */
export const valuationStatementPdf = defineOperation({
  ...customer,
  id: 'VALUATION_STATEMENT_PDF',
  name: '下载估值表（PDF）',
  path: '/{prefix}/valuation/statement/pdf',
  authority: ['VALUATION_VIEW'],
  kind: 'download',
  maxBytes: DOWNLOAD_MAX_BYTES,
  request: statementRequestSchema,
});

export const VALUATION_FEED_MAX_BYTES = 10 * 1_048_576;

export const valuationImportSchema = uploadSchema({ maxBytes: VALUATION_FEED_MAX_BYTES, extensions: ['csv'], extensionMessage: CSV_FORMAT_MESSAGE }).safeExtend({
  /** Check only: nothing is written. */
  preview: z.boolean({ error: 'preview须为true或false' }).default(false),
});

export const valuationRowErrorSchema = z.object({ rowNo: z.number(), productCode: z.string(), reason: z.string() });

/**
 * - `valid`: a preview found nothing wrong; `rejected`: lines are wrong, nothing written;
 * - `imported`: the new statements added (those already on file with the same content skipped);
 * - `duplicate`: every statement of the file is already on file, identical: nothing added.
 */
export const valuationImportResultSchema = z.object({
  outcome: z.enum(['valid', 'rejected', 'imported', 'duplicate']),
  rowCount: z.number(),
  statementCount: z.number(),
  added: z.number(),
  /** Statements already on file with the same content. */
  unchanged: z.number(),
  enterpriseNos: z.array(z.string()),
  errors: z.array(valuationRowErrorSchema),
  message: z.string(),
});
export type ValuationImportResult = z.infer<typeof valuationImportResultSchema>;

/**
 * `custodian/valuation/import {file}`: valuation statements, checked line by line and written all
 * or nothing. A statement already on file with the same content is skipped; one for the same
 * product and day with other content refuses the file (corrections are not taken silently).
 */
export const custodianValuationImport = defineOperation({
  ...staff,
  id: 'CUSTODIAN_VALUATION_IMPORT',
  name: '估值数据导入（CSV）',
  path: '/{prefix}/custodian/valuation/import',
  authority: ['VALUATION_IMPORT'],
  kind: 'upload',
  maxBytes: VALUATION_FEED_MAX_BYTES,
  antiReplay: true,
  request: valuationImportSchema,
  response: valuationImportResultSchema,
});

export const valuationImportRecordSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  fileDigest: z.string(),
  rowCount: z.number(),
  statementCount: z.number(),
  added: z.number(),
  importedByUserNo: z.string(),
  importedAt: z.string(),
});
export type ValuationImportRecord = z.infer<typeof valuationImportRecordSchema>;

/** `custodian/valuation/import/query`: the imported files, newest first. */
export const custodianValuationImportQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_VALUATION_IMPORT_QUERY',
  name: '估值数据导入记录（分页）',
  path: '/{prefix}/custodian/valuation/import/query',
  authority: ['VALUATION_IMPORT'],
  request: z.object({ ...pageQuery }),
  response: pageOf(valuationImportRecordSchema),
});

export const feedFormatSchema = z.object({
  feed: z.string(),
  name: z.string(),
  version: z.string(),
  since: z.string(),
  fileTypes: z.array(z.string()),
  columns: z.array(z.string()),
});

/** `feed/format/query`: every data file format in force, for every logged-in user (页面 数据格式). */
export const feedFormatQuery = defineOperation({
  category: '估值与对账',
  serviceId: 'zctg-customer',
  audience: ['customer', 'staff'],
  method: 'POST',
  encrypt: true,
  id: 'FEED_FORMAT_QUERY',
  name: '数据格式列表',
  path: '/{prefix}/feed/format/query',
  request: z.object({}),
  response: z.array(feedFormatSchema),
});
