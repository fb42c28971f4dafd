import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { beforeBeijingToday } from './beijing-day';

describe('beforeBeijingToday', () => {
  // 2026-11-26 17:30 UTC is already 2026-11-27 01:30 in Beijing (and still the 26th in New York).
  const now = Date.UTC(2026, 10, 26, 17, 30);

  it('greys the days before Beijing’s today and keeps today and later', () => {
    expect(beforeBeijingToday(dayjs('2026-11-26'), now)).toBe(true);
    expect(beforeBeijingToday(dayjs('2025-12-31'), now)).toBe(true);
    expect(beforeBeijingToday(dayjs('2026-11-27'), now)).toBe(false);
    expect(beforeBeijingToday(dayjs('2027-01-01'), now)).toBe(false);
  });
});
