import { codeLabel } from './code-tables';
import { centsToDecimal, toCents, type AmountInput } from './decimal';

/**
 * '1,234,567.89': thousands separators and exactly 2 decimals, rounded half-up on
 * the 3rd decimal, sign kept ('-1,234.50'); an amount rounding to zero shows
 * '0.00', never '-0.00'. Empty or unparsable input gives ''. Exact at any length:
 * pass strings for amounts beyond 2^53, which a JS number cannot hold anyway.
 */
export function formatAmount(value: AmountInput | null | undefined): string {
  const cents = toCents(value);
  if (cents === null) return '';
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  const yuan = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0n ? '-' : ''}${yuan}.${digits.slice(-2)}`;
}

/** An amount with its currency's symbol (spec §3): '$ 43,184.69'. */
export const formatMoney = (amount: AmountInput, currency: string): string => `${codeLabel('currencySymbol', currency)} ${formatAmount(amount)}`;

/**
 * What a batch adds up to: one exact total per currency, each with its symbol, in the order the
 * currencies first appear ('$ 43,184.69；￥ 149,034.21'). Amounts of two currencies never add.
 */
export function totalsByCurrency(items: readonly { amount: string; currency: string }[]): string {
  const cents = new Map<string, bigint>();
  for (const item of items) cents.set(item.currency, (cents.get(item.currency) ?? 0n) + (toCents(item.amount) ?? 0n));
  return [...cents].map(([currency, total]) => formatMoney(centsToDecimal(total), currency)).join('；');
}
