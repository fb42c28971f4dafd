import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateRange, formatDateValue, parseDate, parseDateRange } from './date-values';

describe('date values', () => {
  it('reads stored strings in the dictionary format, strictly', () => {
    expect(parseDate('2024-06-30', 'YYYY-MM-DD')?.format('YYYY/MM/DD')).toBe('2024/06/30');
    expect(parseDate('20240630', 'YYYYMMDD')?.date()).toBe(30);
    expect(parseDate('2024-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('30/06/2024', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate(undefined, 'YYYY-MM-DD')).toBeNull();
  });

  it('writes picked dates in the dictionary format', () => {
    expect(formatDateValue(dayjs('2024-06-30T10:00:00'), 'YYYYMMDD')).toBe('20240630');
    expect(formatDateValue(null, 'YYYY-MM-DD')).toBeNull();
  });

  it('converts ranges both ways and treats a half range as empty', () => {
    const range = parseDateRange(['2024-01-01', '2024-03-31'], 'YYYY-MM-DD');
    expect(formatDateRange(range, 'YYYY年MM月DD日')).toEqual(['2024年01月01日', '2024年03月31日']);
    expect(parseDateRange(['2024-01-01', ''], 'YYYY-MM-DD')).toBeNull();
    expect(parseDateRange('2024-01-01', 'YYYY-MM-DD')).toBeNull();
    expect(formatDateRange([dayjs('2024-01-01'), null], 'YYYY-MM-DD')).toBeNull();
    expect(formatDateRange(null, 'YYYY-MM-DD')).toBeNull();
  });
});
