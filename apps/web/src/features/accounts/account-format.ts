import { accountLabel, codeLabel, formatAmount, type AccountRecord } from '@portal/shared';

/** Spec §3: an empty value shows '暂无'. */
const EMPTY = '暂无';

export const textOrEmpty = (value: string | null | undefined) => (value && value.trim() !== '' ? value : EMPTY);

/** An amount with its currency symbol, thousands separators and 2 decimals ('￥ 1,234.50'). */
export const moneyOf = (amount: string | null, currency: string) => (amount === null || amount === '' ? EMPTY : `${codeLabel('currencySymbol', currency)} ${formatAmount(amount)}`);

/** How an account is named in confirmations and titles: its alias, else its name, with the masked number. */
export const accountTitle = (account: Pick<AccountRecord, 'accountNo' | 'accountName' | 'alias'>) => accountLabel(account.accountNo, account.alias || account.accountName);
