import { CODE_TABLES, bulkImportApi } from '@portal/shared';

const { IMPORT_COLUMNS, IMPORT_MAX_ROWS } = bulkImportApi;
const WIDTHS: Record<string, number> = { type: 12, payerAccountNo: 24, payeeName: 30, payeeAccountNo: 24, payeeBank: 30, payeeCnaps: 16, amount: 18, currency: 10, valueDate: 14, purpose: 30, remark: 24, endToEndId: 20 };
/** Columns kept as typed text: account numbers and codes must not become 1.025E+16. */
const TEXT = new Set(['payerAccountNo', 'payeeAccountNo', 'payeeCnaps', 'endToEndId']);

const GUIDE: [string, string][] = [
  ['指令类型', `必填，下拉选择：${Object.values(CODE_TABLES.instructionType).join('、')}`],
  ['付款账号', '必填，本企业已添加且您有录入权限的网银账户'],
  ['收款人名称', '必填，不超过100个字符'],
  ['收款账号', '必填；人民币为8到32位数字，外币为6到34位数字、字母或-'],
  ['收款行', '必填，收款行全称'],
  ['大额支付行号', '必填，12位数字，须为大额支付系统行号表中的行号'],
  ['金额', '必填，大于0，最多2位小数'],
  ['币种', `下拉选择：${Object.values(CODE_TABLES.currencyName).join('、')}，不填为人民币`],
  ['起息日', '必填，日期（yyyy-MM-dd），须为工作日且未过当日截止时间'],
  ['用途', '必填，不超过100个字符'],
  ['备注', '选填，不超过200个字符'],
  ['业务参考号', '选填，贵司系统的付款编号，状态报告中原样返回；不填为行号'],
];

/**
 * The import template: the payments sheet with its headers, lists (type, currency), date and
 * amount checks over the rows an import may hold, and a 填写说明 sheet. Written whole (not
 * streamed, as `writeSheet` does): data validations belong to the sheet, not to a row.
 */
export async function templateWorkbook(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('付款明细', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: WIDTHS[c.field], style: TEXT.has(c.field) || c.field === 'valueDate' ? { numFmt: '@' } : {} }));
  sheet.getRow(1).font = { bold: true };
  const letter = (field: string) => String.fromCharCode(65 + IMPORT_COLUMNS.findIndex((c) => c.field === field));
  const last = IMPORT_MAX_ROWS + 1;
  const list = (values: string[]) => ({ type: 'list' as const, allowBlank: true, formulae: [`"${values.join(',')}"`], showErrorMessage: true, errorTitle: '输入有误', error: '请从下拉列表中选择' });
  // Ranges of validation (exceljs has them on the sheet, its types only per cell): one rule for the whole column.
  const validations = (sheet as unknown as { dataValidations: { add: (range: string, rule: object) => void } }).dataValidations;
  validations.add(`${letter('type')}2:${letter('type')}${last}`, list(Object.values(CODE_TABLES.instructionType)));
  validations.add(`${letter('currency')}2:${letter('currency')}${last}`, list(Object.values(CODE_TABLES.currencyName)));
  validations.add(`${letter('amount')}2:${letter('amount')}${last}`, {
    type: 'decimal',
    operator: 'greaterThan',
    allowBlank: true,
    formulae: [0],
    showErrorMessage: true,
    errorTitle: '金额有误',
    error: '金额须为大于0的数字，最多2位小数',
  });
  validations.add(`${letter('valueDate')}2:${letter('valueDate')}${last}`, {
    type: 'textLength',
    operator: 'equal',
    allowBlank: true,
    formulae: [10],
    showInputMessage: true,
    promptTitle: '起息日',
    prompt: '格式 yyyy-MM-dd，如 2026-12-01',
    showErrorMessage: true,
    errorTitle: '日期有误',
    error: '起息日格式须为yyyy-MM-dd',
  });
  for (let r = 2; r <= 101; r++) sheet.getCell(`${letter('amount')}${r}`).numFmt = '#,##0.00';

  const guide = workbook.addWorksheet('填写说明');
  guide.columns = [
    { header: '列', width: 14 },
    { header: '填写要求', width: 70 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const row of GUIDE) guide.addRow(row);
  guide.addRow([]);
  guide.addRow(['说明', `每个文件最多${IMPORT_MAX_ROWS}笔。上传后先试算，逐行列出错误；全部通过后方可确认导入，导入的指令要么全部创建，要么一笔也不创建。`]);
  guide.addRow(['说明', '请勿修改第1行表头和列的顺序；数据从第2行开始填写。']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
