/**
 * Reconciliation periods (电子对账, issue 29): an enterprise confirms its cash statements month by
 * month unless the bank set it quarterly. A period is due once it has ended (its last day is before
 * China's today).
 */

export const RECONCILE_FREQUENCIES = { monthly: '按月', quarterly: '按季' } as const;
export type ReconcileFrequency = keyof typeof RECONCILE_FREQUENCIES;
export const DEFAULT_RECONCILE_FREQUENCY: ReconcileFrequency = 'monthly';

export interface ReconcilePeriod {
  start: string;
  end: string;
}

const ymd = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** The period of `frequency` that holds `day` (yyyy-MM-dd). */
export function periodOf(frequency: ReconcileFrequency, day: string): ReconcilePeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  const first = frequency === 'monthly' ? month : month - (month % 3);
  const months = frequency === 'monthly' ? 1 : 3;
  return { start: ymd(year, first, 1), end: ymd(year, first + months, 0) };
}

/** The `count` latest periods that have ended by `today`, newest first. */
export function endedPeriods(frequency: ReconcileFrequency, today: string, count: number): ReconcilePeriod[] {
  const periods: ReconcilePeriod[] = [];
  let current = periodOf(frequency, today);
  while (periods.length < count) {
    const dayBefore = ymd(Number(current.start.slice(0, 4)), Number(current.start.slice(5, 7)) - 1, 0);
    current = periodOf(frequency, dayBefore);
    periods.push(current);
  }
  return periods;
}

/** Whether start–end is exactly one period of `frequency`. */
export const isPeriod = (frequency: ReconcileFrequency, start: string, end: string): boolean => {
  const p = periodOf(frequency, start);
  return p.start === start && p.end === end;
};

/** `2026年10月` or `2026年第4季度`. */
export function periodLabel(period: ReconcilePeriod): string {
  const year = period.start.slice(0, 4);
  const month = Number(period.start.slice(5, 7));
  return period.end.slice(5, 7) === period.start.slice(5, 7) ? `${year}年${month}月` : `${year}年第${Math.ceil(month / 3)}季度`;
}

/** Days a period has waited since it ended, as of `today`. */
export const daysOverdue = (period: ReconcilePeriod, today: string) => Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${period.end}T00:00:00Z`)) / 86_400_000) - 1);
