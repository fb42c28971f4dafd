import { AMOUNT_RANGE_MESSAGE, amountsInOrder, CODE_TABLES, INSTRUCTION_STATUS, instructionsApi } from '@portal/shared';
import type { FormRule } from 'antd';
import type { FormField, OptionItem } from '../../../components/form-builder';
import { schemaRule } from '../../../lib/schema-rule';

const filter = instructionsApi.instructionFilterFields;
const optionsOf = (table: Readonly<Record<string, string>>): OptionItem[] => Object.entries(table).map(([key, value]) => ({ key, value }));

/** 最大金额 under 最小金额 is said under 最大金额, and the query form sends nothing (the server refuses it too). */
const amountRangeRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_, max: unknown) => {
    if (!amountsInOrder(getFieldValue('amountMin') as string | undefined, max as string | undefined)) throw new Error(AMOUNT_RANGE_MESSAGE);
  },
});

/** The query form of every instruction list, checked by the contract's own filter rules. */
export const INSTRUCTION_QUERY_FIELDS: FormField[] = [
  { name: 'instructionNo', type: 'text', label: '指令编号', rules: [schemaRule(filter.instructionNo)] },
  { name: 'type', type: 'select', label: '指令类型', options: optionsOf(CODE_TABLES.instructionType) },
  { name: 'status', type: 'select', label: '指令状态', options: optionsOf(INSTRUCTION_STATUS) },
  { name: 'payerAccountNo', type: 'text', label: '付款账号', rules: [schemaRule(filter.payerAccountNo)] },
  { name: 'payee', type: 'text', label: '收款人', rules: [schemaRule(filter.payee)] },
  { name: 'amountMin', type: 'amount', label: '最小金额', rules: [schemaRule(filter.amountMin)] },
  { name: 'amountMax', type: 'amount', label: '最大金额', rules: [schemaRule(filter.amountMax), amountRangeRule] },
  { name: 'valueDateFrom', type: 'date', label: '起息日自', rules: [schemaRule(filter.valueDateFrom)] },
  { name: 'valueDateTo', type: 'date', label: '起息日至', rules: [schemaRule(filter.valueDateTo)] },
];
