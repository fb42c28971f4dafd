import { toCents, type AmountInput } from './decimal';

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
