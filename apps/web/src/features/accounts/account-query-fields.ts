import { accountsApi, CODE_TABLES } from '@portal/shared';
import type { FormField, OptionItem } from '../../components/form-builder';
import { schemaRule } from '../../lib/schema-rule';

const filter = accountsApi.accountFilterFields;

const optionsOf = (table: Readonly<Record<string, string>>, withCode = false): OptionItem[] =>
  Object.entries(table).map(([key, label]) => ({ key, value: withCode ? `${label}（${key}）` : label }));

/** The query form of both account lists (spec §7 `queryAccountInfo` filters), checked by the contract's own rules. */
export const ACCOUNT_QUERY_FIELDS: FormField[] = [
  { name: 'accountNo', type: 'text', label: '账号', rules: [schemaRule(filter.accountNo)] },
  { name: 'accountName', type: 'text', label: '账户名称', rules: [schemaRule(filter.accountName)] },
  { name: 'productName', type: 'text', label: '产品名称', rules: [schemaRule(filter.productName)] },
  { name: 'status', type: 'select', label: '账户状态', options: optionsOf(CODE_TABLES.accountStatus) },
  // Four smart-card codes share one label: the code tells them apart.
  { name: 'cardType', type: 'select', label: '卡类型', options: optionsOf(CODE_TABLES.cardType, true) },
  { name: 'currency', type: 'select', label: '币种', options: optionsOf(CODE_TABLES.currencyName) },
];
