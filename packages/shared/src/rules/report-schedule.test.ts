import { describe, expect, it } from 'vitest';
import { nextRunAt, reportPeriod, retryDelayMs } from './report-schedule';

const bj = (wall: string) => Date.parse(`${wall}+08:00`);

describe('report subscription schedule', () => {
  it('runs a daily report at 06:00 Beijing the next morning, or this morning before six', () => {
    expect(nextRunAt('daily', bj('2026-03-10T10:00:00'))).toBe(bj('2026-03-11T06:00:00'));
    expect(nextRunAt('daily', bj('2026-03-10T05:59:00'))).toBe(bj('2026-03-10T06:00:00'));
    expect(nextRunAt('daily', bj('2026-03-10T06:00:00'))).toBe(bj('2026-03-11T06:00:00'));
    // Across a month and a year end, whatever the runtime's zone.
    expect(nextRunAt('daily', bj('2026-12-31T23:30:00'))).toBe(bj('2027-01-01T06:00:00'));
  });

  it('runs a weekly report on Monday and a monthly one on the 1st', () => {
    // 2026-03-10 is a Tuesday.
    expect(nextRunAt('weekly', bj('2026-03-10T10:00:00'))).toBe(bj('2026-03-16T06:00:00'));
    expect(nextRunAt('weekly', bj('2026-03-16T05:00:00'))).toBe(bj('2026-03-16T06:00:00'));
    expect(nextRunAt('weekly', bj('2026-03-16T07:00:00'))).toBe(bj('2026-03-23T06:00:00'));
    expect(nextRunAt('monthly', bj('2026-03-10T10:00:00'))).toBe(bj('2026-04-01T06:00:00'));
    expect(nextRunAt('monthly', bj('2026-12-01T06:00:00'))).toBe(bj('2027-01-01T06:00:00'));
  });

  it('covers the period that ended before the run day', () => {
    expect(reportPeriod('daily', bj('2026-03-11T06:00:00'))).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(reportPeriod('weekly', bj('2026-03-16T06:00:00'))).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(reportPeriod('monthly', bj('2026-03-01T06:00:00'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(reportPeriod('monthly', bj('2027-01-01T06:00:00'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('retries with a doubling wait, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
