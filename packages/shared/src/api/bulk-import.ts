import { z } from 'zod';
import { int4Id } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { instructionAdd } from './instructions';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * 批量导入 (issue 28): a maker's file of payments, an xlsx of our template or an ISO 20022
 * `pain.001.001.09`, tried first (every row judged by the instruction rules, nothing written), then
 * imported all or nothing under one signed import record. Imported instructions are ordinary
 * instructions; their import answers a `pain.002.001.10` status report from their states now.
 * The authority is entry's own: an import is a batch of entries, and each row still needs the
 * seat's entry right on its payer account.
 */
const base = { category: '指令管理', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true, authority: instructionAdd.authority } as const;

export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 8 * 1_048_576;
export const IMPORT_FILES = { maxBytes: IMPORT_MAX_BYTES, extensions: ['xlsx', 'xml'], extensionMessage: '仅支持导入xlsx模板或pain.001 XML文件' } as const;
export const IMPORT_FORMATS = ['xlsx', 'pain.001'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The columns of the template, in order, with the instruction field each fills. */
export const IMPORT_COLUMNS = [
  { field: 'type', header: '指令类型' },
  { field: 'payerAccountNo', header: '付款账号' },
  { field: 'payeeName', header: '收款人名称' },
  { field: 'payeeAccountNo', header: '收款账号' },
  { field: 'payeeBank', header: '收款行' },
  { field: 'payeeCnaps', header: '大额支付行号' },
  { field: 'amount', header: '金额' },
  { field: 'currency', header: '币种' },
  { field: 'valueDate', header: '起息日' },
  { field: 'purpose', header: '用途' },
  { field: 'remark', header: '备注' },
  { field: 'endToEndId', header: '业务参考号' },
] as const;
export type ImportField = (typeof IMPORT_COLUMNS)[number]['field'];
/** A field's Chinese name as errors cite it; `file` for a problem of the whole file. */
export const IMPORT_FIELD_LABELS: Record<string, string> = { ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, c.header])), file: '文件' };

export const IMPORT_MESSAGES = {
  empty: '文件中没有付款数据',
  tooMany: `一次最多导入${IMPORT_MAX_ROWS}笔`,
  notClean: '文件校验未通过，请先试算并修正全部错误后再导入',
  changed: '文件内容与签名不符，请重新试算',
  doctype: 'XML文件不能包含DOCTYPE或实体声明',
  notPain001: '不是pain.001.001.09格式的付款文件（CstmrCdtTrfInitn）',
  badXml: 'XML格式不正确',
  badXlsx: '无法读取xlsx文件，请使用下载的模板',
  notFound: '导入记录不存在',
} as const;

/** `duplicate`: the message a second import of the same file gets unless the maker says it is intended. */
export const duplicateMessage = (importNo: string, at: string) => `该文件已于${at}导入（批次${importNo}），如确需再次导入，请勾选“确认重复导入”`;

export const importRowErrorSchema = z.object({
  /** The spreadsheet's row number (header is row 1), or the payment's position in a pain.001 (1-based); 0 for the whole file. */
  rowNo: z.number().int(),
  field: z.string(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importTotalSchema = z.object({ currency: z.string(), count: z.number().int(), amount: z.string() });
export type ImportTotal = z.infer<typeof importTotalSchema>;

export const importFileSchema = uploadSchema(IMPORT_FILES);
/** A draft is judged as entry judges a draft: its money is checked when it is submitted, not now. */
const submitChoice = z.boolean({ error: '请选择导入方式' });
export const importTrialSchema = importFileSchema.safeExtend({ submit: submitChoice.default(true) });

export const importTrialResultSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** SM3 of the file's bytes (lowercase hex), as the server read them: what the import's signature covers. */
  fileSm3: z.string(),
  rowCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  totals: z.array(importTotalSchema),
  /** An earlier import of the same file by the enterprise, if any. */
  duplicateOf: z.object({ importNo: z.string(), createdAt: z.string() }).nullable(),
});
export type ImportTrialResult = z.infer<typeof importTrialResultSchema>;

/** `instruction/import/trial`: the file judged row by row as the import would, nothing written. */
export const importTrial = defineOperation({
  ...base,
  id: 'INSTRUCTION_IMPORT_TRIAL',
  name: '批量导入试算',
  path: '/{prefix}/instruction/import/trial',
  kind: 'upload',
  maxBytes: IMPORT_MAX_BYTES,
  request: importTrialSchema,
  response: importTrialResultSchema,
});

const SM3_MESSAGE = '文件摘要须为64位小写十六进制SM3';
export const importConfirmSchema = importFileSchema.safeExtend({
  rowCount: z.number({ error: '笔数须为正整数' }).int('笔数须为正整数').min(1, '笔数须为正整数').max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.tooMany),
  fileSm3: z.string({ error: SM3_MESSAGE }).regex(/^[0-9a-f]{64}$/, SM3_MESSAGE),
  /** true: the instructions go to review at once (待复核); false: they stay drafts (草稿) with the maker. */
  submit: submitChoice,
  /** The maker means to import a file already imported (same SM3). */
  allowDuplicate: z.boolean().default(false),
});

export const importRecordSchema = z.object({
  id: z.number(),
  importNo: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  fileSm3: z.string(),
  rowCount: z.number(),
  totals: z.array(importTotalSchema),
  submitted: z.boolean(),
  /** The import number of the earlier import of the same file, when this one was a deliberate repeat. */
  duplicateOfNo: z.string().nullable(),
  createdByUserNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** The instructions' states now, by pain.002 status code (ACSC executed, RJCT returned, CANC revoked, …). */
  statusCounts: z.record(z.string(), z.number()),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

/**
 * `instruction/import/confirm`: the file again, signed (`InstructionImport`: its SM3, row count and
 * the maker's choices); judged again inside the transaction, then every instruction created or none.
 */
export const importConfirm = defineOperation({
  ...base,
  id: 'INSTRUCTION_IMPORT_CONFIRM',
  name: '批量导入确认',
  path: '/{prefix}/instruction/import/confirm',
  kind: 'upload',
  maxBytes: IMPORT_MAX_BYTES,
  antiReplay: true,
  request: withSignature(importConfirmSchema),
  signing: 'InstructionImport',
  response: importRecordSchema,
});

/** `instruction/import/query`: the enterprise's imports, newest first. */
export const importQuery = defineOperation({
  ...base,
  id: 'INSTRUCTION_IMPORT_QUERY',
  name: '批量导入记录（分页）',
  path: '/{prefix}/instruction/import/query',
  request: z.object({ ...pageQuery }),
  response: pageOf(importRecordSchema),
});

/** `instruction/import/template`: the xlsx template with its lists, checks and instructions sheet. */
export const importTemplate = defineOperation({
  ...base,
  id: 'INSTRUCTION_IMPORT_TEMPLATE',
  name: '下载批量导入模板',
  path: '/{prefix}/instruction/import/template',
  kind: 'download',
  maxBytes: 1_048_576,
  request: z.object({}),
});

export const IMPORT_REPORT_FORMATS = ['xml', 'csv'] as const;

/** `instruction/import/report`: the import's pain.002.001.10 status report (xml) or the same as CSV. */
export const importReport = defineOperation({
  ...base,
  id: 'INSTRUCTION_IMPORT_REPORT',
  name: '下载导入状态报告',
  path: '/{prefix}/instruction/import/report',
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  fileTypes: IMPORT_REPORT_FORMATS,
  request: z.object({ id: int4Id('导入记录编号不正确'), format: z.enum(IMPORT_REPORT_FORMATS, { error: '报告格式须为xml或csv' }) }),
});
