/**
 * 报表中心 subscriptions (issue 29): when a subscribed report is due, which period it covers, and
 * how a failed run is retried. Days are Beijing's (UTC+8, no daylight saving), whatever the
 * runtime's zone. A run is due at 06:00 Beijing time on the day after its period ends: a daily
 * report covers yesterday, a weekly one last Monday to Sunday, a monthly one last month.
 */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: '每日', weekly: '每周', monthly: '每月' };

const CST = 8 * 3_600_000;
const DAY = 86_400_000;
/** The hour (Beijing) a due report is produced. */
export const REPORT_RUN_HOUR = 6;
/** Retries after a failed run before it is given up until its next period. */
export const REPORT_MAX_ATTEMPTS = 5;
/** Generated reports are kept this long, then deleted. */
export const REPORT_KEEP_DAYS = 90;

/** Beijing calendar fields of an instant. */
function beijing(ms: number) {
  const d = new Date(ms + CST);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() };
}
/** The instant of a Beijing wall-clock hour on a day (month may overflow: Date.UTC carries it). */
const at = (year: number, month: number, day: number, hour = REPORT_RUN_HOUR) => Date.UTC(year, month, day, hour) - CST;
const ymd = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);

/** The first run time strictly after `after`: tomorrow 06:00, next Monday 06:00, or the 1st of next month 06:00 (today's 06:00 if still ahead). */
export function nextRunAt(frequency: ReportFrequency, after: number): number {
  const { year, month, day, weekday } = beijing(after);
  const candidates: number[] = [];
  if (frequency === 'daily') candidates.push(at(year, month, day), at(year, month, day + 1));
  if (frequency === 'weekly') {
    const toMonday = (8 - weekday) % 7; // 0 on a Monday
    candidates.push(at(year, month, day + toMonday), at(year, month, day + toMonday + 7));
  }
  if (frequency === 'monthly') candidates.push(at(year, month, 1), at(year, month + 1, 1));
  return candidates.find((c) => c > after)!;
}

/** The period (yyyy-MM-dd, both ends included) that a run due at `runAt` covers: the one that ended before its day. */
export function reportPeriod(frequency: ReportFrequency, runAt: number): { from: string; to: string } {
  const { year, month, day } = beijing(runAt);
  const lastDay = at(year, month, day - 1, 0);
  if (frequency === 'daily') return { from: ymd(lastDay), to: ymd(lastDay) };
  if (frequency === 'weekly') return { from: ymd(lastDay - 6 * DAY), to: ymd(lastDay) };
  const last = beijing(lastDay);
  return { from: ymd(at(last.year, last.month, 1, 0)), to: ymd(lastDay) };
}

/** The wait before retry number `attempts` (1, 2, …): one minute, doubled each time, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
