import { codeLabel, statusLabel, type InstructionRecord } from '@portal/shared';
import { amountCell, type SheetColumn } from '../../platform/xlsx';

/** The columns of the instruction list download; the status as the list reads it (已过期, 已过截止). */
export const INSTRUCTION_COLUMNS: SheetColumn<InstructionRecord>[] = [
  { header: '指令编号', width: 20, kind: 'text', value: (r) => r.instructionNo },
  { header: '指令类型', width: 12, value: (r) => codeLabel('instructionType', r.type) },
  { header: '状态', width: 14, value: statusLabel },
  { header: '付款账号', width: 24, kind: 'text', value: (r) => r.payerAccountNo },
  { header: '付款账户名称', width: 36, value: (r) => r.payerAccountName },
  { header: '收款人名称', width: 30, value: (r) => r.payeeName },
  { header: '收款账号', width: 24, kind: 'text', value: (r) => r.payeeAccountNo },
  { header: '收款行', width: 30, value: (r) => r.payeeBank },
  { header: '大额支付行号', width: 16, kind: 'text', value: (r) => r.payeeCnaps },
  { header: '金额', width: 20, kind: 'amount', value: (r) => amountCell(r.amount) },
  { header: '币种', width: 8, value: (r) => codeLabel('currencyName', r.currency) },
  { header: '起息日', width: 12, kind: 'text', value: (r) => r.valueDate },
  { header: '用途', width: 30, value: (r) => r.purpose },
  { header: '第三方机构', width: 30, value: (r) => r.thirdPartyEnterpriseName ?? '暂无' },
  { header: '录入人', width: 14, value: (r) => `${r.createdByName}（${r.createdByUserNo}）` },
];
