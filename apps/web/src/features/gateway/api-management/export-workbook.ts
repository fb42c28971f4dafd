import type { ApiDefinition, FlagField } from '@portal/shared';
import { flagText, sourceText } from './flags';

export interface ExportColumn {
  header: string;
  key: string;
  width: number;
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '接口编码', key: 'apiCode', width: 28 },
  { header: '接口名称', key: 'apiName', width: 24 },
  { header: '接口分类', key: 'apiCategory', width: 16 },
  { header: '服务标识', key: 'serviceId', width: 20 },
  { header: '接口路径', key: 'path', width: 44 },
  { header: '来源', key: 'source', width: 10 },
  { header: '状态', key: 'status', width: 8 },
  { header: '优先级', key: 'priority', width: 8 },
  { header: '鉴权', key: 'isAuth', width: 10 },
  { header: '开放', key: 'isOpen', width: 10 },
  { header: '加密', key: 'isEncrypt', width: 10 },
  { header: '防重放', key: 'isAra', width: 10 },
  { header: '锁定说明', key: 'locks', width: 40 },
  { header: '接口描述', key: 'apiDesc', width: 40 },
];

const flags: readonly FlagField[] = ['status', 'isAuth', 'isOpen', 'isEncrypt', 'isAra'];

/** One definition as the sheet shows it: flags in words, locks with their reasons. */
export function exportRow(row: ApiDefinition): Record<string, string | number> {
  return {
    apiCode: row.apiCode,
    apiName: row.apiName,
    apiCategory: row.apiCategory,
    serviceId: row.serviceId,
    path: row.path,
    source: sourceText(row),
    priority: row.priority,
    apiDesc: row.apiDesc,
    locks: flags.flatMap((field) => (row.locks[field] ? [`${flagText(field, row[field])}：${row.locks[field]}`] : [])).join('；'),
    ...Object.fromEntries(flags.map((field) => [field, flagText(field, row[field])])),
  };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The list as an xlsx workbook. exceljs is loaded here, on the first export, not with the page. */
export async function buildWorkbook(rows: readonly ApiDefinition[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('API列表', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows.map(exportRow));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
