import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToChinese } from './amount-chinese';

const NUMERALS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };

/** Test-only reader of the output, written independently of the speller. */
function readInteger(text: string): bigint {
  for (const [unit, size] of [['亿', 10n ** 8n], ['万', 10n ** 4n]] as const) {
    const at = text.lastIndexOf(unit);
    if (at >= 0) return readInteger(text.slice(0, at)) * size + readInteger(text.slice(at + 1));
  }
  let total = 0n;
  let digit = 0n;
  for (const char of text) {
    const small = SMALL_UNITS[char];
    if (small !== undefined) {
      total += digit * small;
      digit = 0n;
    } else {
      digit = BigInt(NUMERALS.indexOf(char));
    }
  }
  return total + digit;
}

/** Cents denoted by an uppercase amount. */
function readAmount(text: string): bigint {
  const negative = text.startsWith('负');
  const body = negative ? text.slice(1) : text;
  const [yuan = '', rest = ''] = body.includes('元') ? body.split('元') : ['', body];
  const jiao = /([壹贰叁肆伍陆柒捌玖])角/.exec(rest)?.[1];
  const fen = /([壹贰叁肆伍陆柒捌玖])分/.exec(rest)?.[1];
  const cents =
    readInteger(yuan) * 100n +
    BigInt(jiao ? NUMERALS.indexOf(jiao) : 0) * 10n +
    BigInt(fen ? NUMERALS.indexOf(fen) : 0);
  return negative ? -cents : cents;
}

const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

describe('amountToChinese', () => {
  it.each([
    [0, '零元整'],
    ['0.00', '零元整'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [0.55, '伍角伍分'],
    [1.5, '壹元伍角'],
    ['1.50', '壹元伍角'],
    [1.05, '壹元零伍分'],
    [10, '壹拾元整'],
    [10.5, '壹拾元伍角'],
    [15, '壹拾伍元整'],
    [1004, '壹仟零肆元整'],
    [1010, '壹仟零壹拾元整'],
    [100010, '壹拾万零壹拾元整'],
    [10000000, '壹仟万元整'],
    [1e9, '壹拾亿元整'],
    ['100000001.10', '壹亿零壹元壹角'],
    // PBoC examples (second permitted form for 1680.32 and 107000.53)
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [107000.53, '壹拾万柒仟元伍角叁分'],
    [16409.02, '壹万陆仟肆佰零玖元零贰分'],
    [325.04, '叁佰贰拾伍元零肆分'],
    // 万亿 / 亿亿: 亿 applies to the whole higher part
    ['1000000000000', '壹万亿元整'],
    ['1000100000000', '壹万零壹亿元整'],
    ['10000000000000000', '壹亿亿元整'],
    ['10000000000000001', '壹亿亿零壹元整'],
    [
      '12345678901234567',
      '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖亿零壹佰贰拾叁万肆仟伍佰陆拾柒元整',
    ],
    [
      '99999999999999999.99',
      '玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    ],
    ['0.005', '壹分'],
    ['9.999', '壹拾元整'],
  ])('%s -> %s', (input, text) => {
    expect(amountToChinese(input)).toBe(text);
  });

  it('prefixes negatives with 负, but not amounts rounding to zero', () => {
    expect(amountToChinese(-1.5)).toBe('负壹元伍角');
    expect(amountToChinese('-100000001.10')).toBe('负壹亿零壹元壹角');
    expect(amountToChinese('-0.004')).toBe('零元整');
  });

  it('returns empty beyond 17 integer digits and for invalid input', () => {
    expect(amountToChinese('100000000000000000')).toBe('');
    expect(amountToChinese('99999999999999999.995')).toBe(''); // rounds up to 18 digits
    for (const value of ['', 'abc', '1,000', null, undefined, Number.NaN]) {
      expect(amountToChinese(value)).toBe('');
    }
  });

  it('denotes exactly the amount rounded to cents, up to 17 integer digits (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), digits(1, 17), digits(0, 2), (negative, intPart, fraction) => {
        const input = `${negative ? '-' : ''}${intPart}${fraction ? `.${fraction}` : ''}`;
        const cents = BigInt(intPart + fraction.padEnd(2, '0'));
        expect(readAmount(amountToChinese(input))).toBe(negative ? -cents : cents);
      }),
      { numRuns: 1000 },
    );
  });

  it('follows the 零 and 整 rules (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 19n - 1n }), (cents) => {
        const input = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const text = amountToChinese(input);
        const [yuan, jiao, fen] = [cents / 100n, (cents / 10n) % 10n, cents % 10n];
        if (cents === 0n) {
          expect(text).toBe('零元整');
          return;
        }
        expect(text).not.toMatch(/零零|零[元万亿角分]|^零|零$/); // one 零 per gap, never before a unit
        expect(text).not.toMatch(/(?:^|[^壹贰叁肆伍陆柒捌玖])[拾佰仟]/); // 壹拾, never a bare 拾
        expect(text.endsWith('整')).toBe(jiao === 0n && fen === 0n); // 整 only for whole yuan
        expect(text.includes('元')).toBe(yuan > 0n);
        expect(/元零/.test(text)).toBe(yuan > 0n && jiao === 0n && fen > 0n); // 壹元零伍分
      }),
      { numRuns: 1000 },
    );
  });
});
