import { describe, expect, it } from 'vitest';
import { daysOverdue, endedPeriods, isPeriod, periodLabel, periodOf } from './cash-periods';

describe('reconciliation periods', () => {
  it('are months or quarters, ended before today', () => {
    expect(periodOf('monthly', '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodOf('quarterly', '2026-11-28')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(endedPeriods('monthly', '2026-01-05', 3)).toEqual([
      { start: '2025-12-01', end: '2025-12-31' },
      { start: '2025-11-01', end: '2025-11-30' },
      { start: '2025-10-01', end: '2025-10-31' },
    ]);
    expect(endedPeriods('quarterly', '2026-11-28', 2)).toEqual([
      { start: '2026-07-01', end: '2026-09-30' },
      { start: '2026-04-01', end: '2026-06-30' },
    ]);
    expect(isPeriod('monthly', '2024-02-01', '2024-02-29')).toBe(true);
    expect(isPeriod('quarterly', '2024-02-01', '2024-04-30')).toBe(false);
    expect(periodLabel({ start: '2026-07-01', end: '2026-09-30' })).toBe('2026年第3季度');
    expect(periodLabel({ start: '2026-10-01', end: '2026-10-31' })).toBe('2026年10月');
    expect(daysOverdue({ start: '2026-10-01', end: '2026-10-31' }, '2026-11-01')).toBe(0);
    expect(daysOverdue({ start: '2026-10-01', end: '2026-10-31' }, '2026-11-28')).toBe(27);
  });
});
