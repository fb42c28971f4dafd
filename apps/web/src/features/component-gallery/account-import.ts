import { CODE_TABLES, formatDate, validateAmount } from '@portal/shared';
import type { CsvColumn } from '../../components/data-table';
import type { CustodyAccount } from './demo-data';

/** The columns of the account import file, checked the way the account form checks them. */
export const ACCOUNT_IMPORT_COLUMNS: CsvColumn[] = [
  { key: 'accountNo', title: '账号', required: true, validate: (v) => (/^\d{10,32}$/.test(v) ? null : '账号应为10到32位数字') },
  { key: 'accountName', title: '账户名称', required: true, validate: (v) => (v.length <= 100 ? null : '账户名称不能超过100个字符') },
  { key: 'enterpriseName', title: '所属企业', required: true },
  {
    key: 'currency',
    title: '币种',
    required: true,
    validate: (v) => (Object.hasOwn(CODE_TABLES.currencyName, v) ? null : '币种应为CNY、USD或KRW'),
  },
  { key: 'balance', title: '账户余额', required: true, validate: validateAmount },
  { key: 'openDate', title: '开户日期', validate: (v) => (formatDate(v) === v ? null : '日期应为yyyy-MM-dd格式') },
];

/** An imported row as a new, active current-deposit custody account. */
export function importedAccount(values: Record<string, string>): CustodyAccount {
  return {
    accountNo: values.accountNo ?? '',
    accountName: values.accountName ?? '',
    enterpriseName: values.enterpriseName ?? '',
    currency: values.currency ?? 'CNY',
    balance: values.balance ?? '0',
    openDate: values.openDate || formatDate(new Date()),
    cardType: 'PSAV',
    status: '00',
  };
}
