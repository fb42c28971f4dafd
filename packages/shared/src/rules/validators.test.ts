import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_DECIMALS,
  AMOUNT_MAX_INTEGER_DIGITS,
  AMOUNT_MESSAGE,
  CSV_FORMAT_MESSAGE,
  SIGN_DATA_MAX,
  SIGN_DATA_MESSAGE,
  amountSchema,
  csvFileNameSchema,
  signDataSchema,
  validateAmount,
  validateCsvFileName,
  validateSignData,
} from './validators';

describe('spec messages and limits', () => {
  it('quotes the spec', () => {
    expect(AMOUNT_MESSAGE).toBe('金额格式不合法（最大17位整数和2位小数）');
    expect(SIGN_DATA_MESSAGE).toBe('验签数据过长，请检查或减少选中项！');
    expect(CSV_FORMAT_MESSAGE).toBe('[Format Error]:你上传的不是Csv文件');
    expect([AMOUNT_MAX_INTEGER_DIGITS, AMOUNT_MAX_DECIMALS, SIGN_DATA_MAX]).toEqual([17, 2, 1024]);
  });
});

describe('amount', () => {
  it.each(['0', '0.5', '0.05', '0.00', '1', '10', '1234.5', '1234.56', '9'.repeat(17), `${'9'.repeat(17)}.99`])(
    'accepts %s',
    (value) => {
      expect(validateAmount(value)).toBeNull();
      expect(amountSchema.parse(value)).toBe(value);
    },
  );

  it.each(['', '01.5', '00', '00.5', '1.', '.5', '1.234', '-1', '+1', '1e5', '1,000', ' 1', '1 ', '１', '9'.repeat(18)])(
    'refuses %j with the spec message',
    (value) => {
      expect(validateAmount(value)).toBe(AMOUNT_MESSAGE);
      const result = amountSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([AMOUNT_MESSAGE]);
    },
  );

  it('refuses non-strings with the spec message too', () => {
    for (const value of [12, null, undefined, {}]) expect(validateAmount(value)).toBe(AMOUNT_MESSAGE);
    expect(amountSchema.safeParse(12).error?.issues[0]?.message).toBe(AMOUNT_MESSAGE);
  });

  it('accepts exactly up to 17 integer digits and 2 decimals without a leading zero (property)', () => {
    const digitString = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(digitString, fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 4 })), (intPart, fraction) => {
        const value = fraction === null ? intPart : `${intPart}.${fraction}`;
        const valid =
          intPart.length <= AMOUNT_MAX_INTEGER_DIGITS &&
          (intPart === '0' || !intPart.startsWith('0')) &&
          (fraction === null || (fraction.length >= 1 && fraction.length <= AMOUNT_MAX_DECIMALS));
        expect(validateAmount(value)).toBe(valid ? null : AMOUNT_MESSAGE);
      }),
      { numRuns: 500 },
    );
  });
});

describe('signing data', () => {
  it('accepts up to 1024 characters', () => {
    expect(validateSignData('')).toBeNull();
    expect(validateSignData('a'.repeat(1024))).toBeNull();
    expect(validateSignData('签'.repeat(1024))).toBeNull();
    expect(signDataSchema.parse('x')).toBe('x');
  });

  it('refuses longer data and non-strings with the spec message', () => {
    expect(validateSignData('a'.repeat(1025))).toBe(SIGN_DATA_MESSAGE);
    expect(validateSignData(42)).toBe(SIGN_DATA_MESSAGE);
    expect(signDataSchema.safeParse('a'.repeat(1025)).error?.issues[0]?.message).toBe(SIGN_DATA_MESSAGE);
  });
});

describe('csv file name', () => {
  it.each(['accounts.csv', 'ACCOUNTS.CSV', '账户.Csv', 'a.b.csv', 'C:\\fakepath\\x.csv'])('accepts %s', (name) => {
    expect(validateCsvFileName(name)).toBeNull();
    expect(csvFileNameSchema.parse(name)).toBe(name);
  });

  it.each(['accounts.xls', 'accounts.xlsx', 'accounts.csv.exe', 'csv', 'accounts.csv ', 'accountscsv', ''])(
    'refuses %j with the spec message',
    (name) => {
      expect(validateCsvFileName(name)).toBe(CSV_FORMAT_MESSAGE);
      expect(csvFileNameSchema.safeParse(name).error?.issues[0]?.message).toBe(CSV_FORMAT_MESSAGE);
    },
  );

  it('refuses a missing name', () => {
    expect(validateCsvFileName(undefined)).toBe(CSV_FORMAT_MESSAGE);
  });
});
