import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, recentTime, relativeTime } from './date';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatDate', () => {
  it('formats Dates and epoch milliseconds as the Beijing (UTC+8) calendar day', () => {
    expect(formatDate(new Date('2024-03-05T15:59:59Z'))).toBe('2024-03-05');
    expect(formatDate(new Date('2024-03-05T16:00:00Z'))).toBe('2024-03-06');
    expect(formatDate(Date.UTC(2023, 11, 31, 16))).toBe('2024-01-01');
    expect(formatDate(0)).toBe('1970-01-01');
  });

  it('reads zoneless strings as Beijing wall-clock time', () => {
    expect(formatDate('2024-03-05')).toBe('2024-03-05');
    expect(formatDate('2024/03/05')).toBe('2024-03-05');
    expect(formatDate('20240305')).toBe('2024-03-05');
    expect(formatDate('2024-03-05 23:59:59')).toBe('2024-03-05');
    expect(formatDate('2024-03-05T00:00')).toBe('2024-03-05');
    expect(formatDate('2024-03-05 08:30:00.123456')).toBe('2024-03-05');
    expect(formatDate(' 2024-03-05 ')).toBe('2024-03-05');
    expect(formatDate('0001-01-01')).toBe('0001-01-01');
  });

  it('converts strings carrying a zone', () => {
    expect(formatDate('2024-03-05T20:00:00Z')).toBe('2024-03-06');
    expect(formatDate('2024-03-05T20:00:00+08:00')).toBe('2024-03-05');
    expect(formatDate('2024-03-05T20:00:00.5-05:00')).toBe('2024-03-06');
  });

  it('returns empty for empty or invalid input', () => {
    for (const value of [null, undefined, '', '  ', 'not a date', '2024-02-30', '2023-02-29', '2024-13-01',
      '00000000', '2024-03-05 24:00', '2024-03/05',
      'March 5, 2024', 'Tue, 05 Mar 2024 12:00:00 GMT', '1709600000000', new Date(Number.NaN), Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDate(value)).toBe('');
    }
  });

  it('accepts leap days', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });

  it('agrees with the UTC+8 ISO date of the instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T15:59:59Z'), noInvalidDate: true }), (date) => {
        const expected = new Date(date.getTime() + 8 * HOUR).toISOString().slice(0, 10);
        expect(formatDate(date)).toBe(expected);
        expect(formatDate(date.getTime())).toBe(expected);
        expect(formatDate(expected)).toBe(expected);
      }),
    );
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2024-03-05T12:00:00+08:00');
  const ago = (ms: number) => relativeTime(now - ms, now);

  it.each([
    [0, '刚刚'],
    [29 * SECOND, '刚刚'],
    [30 * SECOND, '1分钟前'],
    [59 * SECOND, '1分钟前'],
    [2 * MINUTE, '2分钟前'],
    [59 * MINUTE + 59 * SECOND, '59分钟前'],
    [HOUR, '1小时前'],
    [23 * HOUR + 59 * MINUTE, '23小时前'],
    [DAY, '1天前'],
    [2 * DAY - 1, '1天前'],
    [2 * DAY, '2024-03-03'],
    [400 * DAY, '2023-01-30'],
  ])('%i ms ago -> %s', (ms, text) => {
    expect(ago(ms)).toBe(text);
  });

  it('treats up to 30 s in the future as clock drift, later times show their date', () => {
    expect(ago(-29 * SECOND)).toBe('刚刚');
    expect(ago(-30 * SECOND)).toBe('2024-03-05');
    expect(ago(-3 * DAY)).toBe('2024-03-08');
  });

  it('accepts Dates, strings and a Date for now', () => {
    expect(relativeTime(new Date(now - 5 * MINUTE), new Date(now))).toBe('5分钟前');
    expect(relativeTime('2024-03-05 10:00:00', now)).toBe('2小时前');
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(Date.now() - 3 * HOUR)).toBe('3小时前');
  });

  it('returns empty for invalid input', () => {
    expect(relativeTime('', now)).toBe('');
    expect(relativeTime('garbage', now)).toBe('');
    expect(relativeTime(now, Number.NaN)).toBe('');
  });

  it('is one of the spec forms for any past instant (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 * DAY }), (ms) => {
        expect(ago(ms)).toMatch(/^(刚刚|[1-9]\d?分钟前|[1-9]\d?小时前|1天前|\d{4}-\d{2}-\d{2})$/);
      }),
    );
  });
});

describe('recentTime', () => {
  const now = Date.parse('2024-03-05T12:00:00+08:00');

  it('reads relatively inside its window and in full outside it', () => {
    expect(recentTime(now - 10 * SECOND, now)).toBe('刚刚');
    expect(recentTime(now - 5 * MINUTE, now, HOUR)).toBe('5分钟前');
    expect(recentTime(now - HOUR, now, HOUR)).toBe('2024-03-05 11:00:00');
    expect(recentTime(now - 30 * HOUR, now)).toBe('1天前');
    expect(recentTime(now - 2 * DAY, now)).toBe('2024-03-03 12:00:00');
    expect(recentTime('2024-03-05 11:58:00', now)).toBe('2分钟前');
  });

  it('shows a time further ahead than clock drift in full, and nothing for invalid input', () => {
    expect(recentTime(now + 20 * SECOND, now)).toBe('刚刚');
    expect(recentTime(now + 5 * MINUTE, now)).toBe('2024-03-05 12:05:00');
    expect(recentTime('garbage', now)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the Beijing date and time to the second, and nothing for bad input', () => {
    expect(formatDateTime('2026-11-24T16:05:59Z')).toBe('2026-11-25 00:05:59');
    expect(formatDateTime('2026-11-26T23:40:01.250Z')).toBe('2026-11-27 07:40:01');
    expect(formatDateTime('2026-11-27T07:40:01+08:00')).toBe('2026-11-27 07:40:01');
    expect(formatDateTime(Date.UTC(2026, 10, 26, 23, 40, 1))).toBe('2026-11-27 07:40:01');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
