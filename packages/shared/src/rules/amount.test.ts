import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsInOrder, formatAmount, formatMoney, normaliseAmountText, totalsByCurrency } from './amount';
import { centsToDecimal, toCents } from './decimal';

const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** Independent oracle: half-up to cents as floor((2·value·100 + scale) / (2·scale)). */
function roundedPlain(negative: boolean, intPart: string, fraction: string): string {
  const scale = 10n ** BigInt(fraction.length);
  const cents = (2n * 100n * BigInt(intPart + fraction) + scale) / (2n * scale);
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

describe('formatAmount', () => {
  it.each([
    ['0', '0.00'],
    ['1', '1.00'],
    ['999', '999.00'],
    ['1000', '1,000.00'],
    ['1234567.891', '1,234,567.89'],
    ['1234567.895', '1,234,567.90'],
    ['0.005', '0.01'],
    ['0.004999', '0.00'],
    ['99999999999999999.99', '99,999,999,999,999,999.99'],
    ['99999999999999999.995', '100,000,000,000,000,000.00'],
    ['-1234.5', '-1,234.50'],
    ['-1.005', '-1.01'],
    ['-0.004', '0.00'],
    ['+12', '12.00'],
    ['007.5', '7.50'],
    [' 12.5 ', '12.50'],
  ])('%s -> %s', (input, shown) => {
    expect(formatAmount(input)).toBe(shown);
  });

  it('formats numbers from their shortest decimal form, without float rounding errors', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(1.005)).toBe('1.01'); // (1.005).toFixed(2) is '1.00'
    expect(formatAmount(-2.675)).toBe('-2.68');
    expect(formatAmount(1e21)).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatAmount(1.5e-7)).toBe('0.00');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('accepts bigint', () => {
    expect(formatAmount(12345678901234567n)).toBe('12,345,678,901,234,567.00');
  });

  it.each(['', 'abc', '1,234.00', '1e5', '.5', '1.', '--1', '1.2.3'])('refuses %j with empty output', (input) => {
    expect(formatAmount(input)).toBe('');
  });

  it('returns empty for empty and non-finite input', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatAmount(value)).toBe('');
    }
  });

  it('never loses digits: without separators it is the input rounded half-up to 2 decimals (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), digits(1, 17), digits(0, 6), (negative, intPart, fraction) => {
        const input = `${negative ? '-' : ''}${intPart}${fraction ? `.${fraction}` : ''}`;
        const shown = formatAmount(input);
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(shown.replace(/,/g, '')).toBe(roundedPlain(negative, intPart, fraction));
      }),
      { numRuns: 500 },
    );
  });

  it('formats a number like its String() form (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e20, max: 1e20 }), (n) => {
        const text = String(n);
        fc.pre(!text.includes('e'));
        expect(formatAmount(n)).toBe(formatAmount(text));
      }),
    );
  });

  it('expands exponent forms exactly: huge numbers parse back to themselves (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e21 }), fc.boolean(), (n, negative) => {
        const value = negative ? -n : n;
        const shown = formatAmount(value);
        expect(shown.endsWith('.00')).toBe(true);
        expect(Number(shown.replace(/,/g, ''))).toBe(value);
      }),
    );
  });
});

describe('centsToDecimal', () => {
  it('writes cents back as the plain decimal they came from', () => {
    expect(centsToDecimal(0n)).toBe('0.00');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(centsToDecimal(-123450n)).toBe('-1234.50');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }), (cents) => {
        expect(toCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('totalsByCurrency', () => {
  it('adds each currency apart, exactly, with its symbol', () => {
    const rows = [
      { amount: '43184.69', currency: 'USD' },
      { amount: '149034.21', currency: 'CNY' },
      { amount: '0.10', currency: 'CNY' },
      { amount: '0.20', currency: 'CNY' },
    ];
    expect(totalsByCurrency(rows)).toBe('$ 43,184.69；￥ 149,034.51');
    expect(totalsByCurrency([{ amount: '12345678901234567.89', currency: 'KRW' }, { amount: '0.11', currency: 'KRW' }])).toBe('₩ 12,345,678,901,234,568.00');
    expect(totalsByCurrency([])).toBe('');
  });

  it('prints one amount with its symbol', () => {
    expect(formatMoney('1234.5', 'CNY')).toBe('￥ 1,234.50');
  });
});

describe('normaliseAmountText', () => {
  it.each([
    ['12,345.67', '12345.67'],
    ['１２，３４５.６７', '12345.67'],
    ['１２，３４５．６７', '12345.67'],
    ['1,234,567', '1234567'],
    [' 12 345.6 ', '12345.6'],
    ['12345.67', '12345.67'],
    ['1,', '1,'],
    ['1,23', '1,23'],
    ['12,34.5', '12,34.5'],
    ['', ''],
  ])('%s → %s', (typed, plain) => {
    expect(normaliseAmountText(typed)).toBe(plain);
  });
});

describe('amountsInOrder', () => {
  it('refuses only two well-formed bounds the wrong way round', () => {
    expect(amountsInOrder('500', '100')).toBe(false);
    expect(amountsInOrder('100.01', '100')).toBe(false);
    expect(amountsInOrder('100', '100.00')).toBe(true);
    expect(amountsInOrder('99999999999999999.99', '1')).toBe(false);
    expect(amountsInOrder('', '100')).toBe(true);
    expect(amountsInOrder('500', undefined)).toBe(true);
    expect(amountsInOrder('abc', '1')).toBe(true);
  });
});
