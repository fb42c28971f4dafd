/**
 * Exact decimal-to-cents conversion shared by the amount formatters. Amounts go
 * through digit strings and bigint, never float arithmetic, so 17-digit amounts
 * and values such as 1.005 round exactly as written.
 */
export type AmountInput = string | number | bigint;

const PLAIN_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** A number's shortest round-trip digits, expanded when String() uses exponent form. */
function numberToPlainDecimal(value: number): string {
  const [mantissa = '', exponent] = String(value).split('e');
  if (exponent === undefined) return mantissa;
  const sign = mantissa.startsWith('-') ? '-' : '';
  const [intPart = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = intPart + fraction;
  const shift = Number(exponent);
  // String() only uses exponents for |value| >= 1e21 or < 1e-6, so the point
  // always lands beyond the digits or before them, never inside.
  return shift > 0
    ? sign + digits + '0'.repeat(shift - fraction.length)
    : `${sign}0.${'0'.repeat(-shift - 1)}${digits}`;
}

/**
 * Signed number of cents, rounded half-up on the 3rd decimal (on the magnitude,
 * so -1.005 -> -101), or null for empty, non-finite or non-decimal input.
 * Strings must be plain decimals ('-1234.5'); separators and exponents are refused.
 */
export function toCents(value: AmountInput | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? numberToPlainDecimal(value) : String(value).trim();
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, intPart = '0', fraction = ''] = match;
  const thousandths = BigInt(intPart + fraction.padEnd(3, '0').slice(0, 3));
  const cents = (thousandths + 5n) / 10n;
  return sign === '-' ? -cents : cents;
}

/** Cents as a plain decimal string with 2 decimals ('-1234.50'), the form amounts travel in. */
export function centsToDecimal(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
