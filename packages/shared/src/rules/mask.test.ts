import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountLabel, formatAccountNo, groupAccountNo, maskPhone } from './mask';

const noSpaces = (s: string) => s.replace(/\s+/g, '');
const token = fc.string({ unit: fc.constantFrom(...'0123456789ABCXabc*-'), maxLength: 30 });

describe('accountLabel', () => {
  it('names the account with its number formatted as everywhere else', () => {
    expect(accountLabel('6222021234567891234', '华夏成长')).toBe('华夏成长（622202 ****** 1234）');
    expect(accountLabel('1234567890', '')).toBe('1234 5678 90');
    expect(accountLabel('6222021234567891234')).toBe('622202 ****** 1234');
  });
});

describe('formatAccountNo', () => {
  it('groups numbers of up to 10 characters by 4', () => {
    expect(formatAccountNo('1234567890')).toBe('1234 5678 90');
    expect(formatAccountNo('12345678')).toBe('1234 5678');
    expect(formatAccountNo('123')).toBe('123');
  });

  it('masks longer numbers as first 6 + ****** + last 4 in three blocks', () => {
    expect(formatAccountNo('12345678901')).toBe('123456 ****** 8901');
    expect(formatAccountNo('6222021234567891234')).toBe('622202 ****** 1234');
  });

  it('ignores whitespace of an already grouped number', () => {
    expect(formatAccountNo('6222 0212 3456 7891 234')).toBe('622202 ****** 1234');
    expect(formatAccountNo(' 1234 5678 ')).toBe('1234 5678');
  });

  it('returns empty for empty input', () => {
    expect(formatAccountNo('')).toBe('');
    expect(formatAccountNo(null)).toBe('');
    expect(formatAccountNo(undefined)).toBe('');
  });

  it('keeps the last 4 characters (property)', () => {
    fc.assert(
      fc.property(token, (s) => {
        expect(noSpaces(formatAccountNo(s)).endsWith(s.slice(-4))).toBe(true);
      }),
    );
  });

  it('never shows more than first 6 and last 4 of a long number (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 30 }), (s) => {
        expect(formatAccountNo(s)).toBe(`${s.slice(0, 6)} ****** ${s.slice(-4)}`);
      }),
    );
  });

  it('shows short numbers completely, in groups of at most 4 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 10 }), (s) => {
        const shown = formatAccountNo(s);
        expect(noSpaces(shown)).toBe(s);
        expect(shown.split(' ').every((g) => g.length <= 4)).toBe(true);
      }),
    );
  });
});

describe('maskPhone', () => {
  it('shows first 3 + **** + last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('138 1234 5678')).toBe('138****5678');
    expect(maskPhone('12345678')).toBe('123****5678');
  });

  it('keeps only the last 4 of values too short to hide anything otherwise', () => {
    expect(maskPhone('1234567')).toBe('****4567');
    expect(maskPhone('12')).toBe('****12');
  });

  it('returns empty for empty input', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });

  it('keeps the last 4 characters (property)', () => {
    fc.assert(
      fc.property(token, (s) => {
        expect(maskPhone(s).endsWith(s.slice(-4))).toBe(true);
      }),
    );
  });
});

describe('groupAccountNo', () => {
  it('shows the whole number in groups of 4, never masked', () => {
    expect(groupAccountNo('10250010010000014')).toBe('1025 0010 0100 0001 4');
    expect(groupAccountNo(' 6222 0200 ')).toBe('6222 0200');
    expect(groupAccountNo(null)).toBe('');
  });
});
