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

/** Full-width forms of the characters an amount is written with (a Chinese IME types these). */
const FULL_WIDTH = /[\uff10-\uff19\uff0c\uff0e]/g;
const THOUSANDS_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * An amount as typed or pasted, in the plain form the rules and the server take: full-width
 * digits, comma and point made ASCII, spaces dropped, and thousands separators removed when
 * they group correctly ('１２，３４５.６７' and '12,345.67' → '12345.67'). A comma anywhere
 * else is kept, so the amount rule refuses '1,23' rather than guessing what was meant.
 */
export function normaliseAmountText(text: string): string {
  const plain = text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\s+/g, '');
  return THOUSANDS_GROUPED.test(plain) ? plain.replace(/,/g, '') : plain;
}

export const AMOUNT_RANGE_MESSAGE = '最小金额不能大于最大金额';

/** A range filter's bounds: either may be missing; two well-formed bounds must not be the wrong way round. */
export function amountsInOrder(min: string | null | undefined, max: string | null | undefined): boolean {
  const low = toCents(min || null);
  const high = toCents(max || null);
  return low === null || high === null || low <= high;
}
