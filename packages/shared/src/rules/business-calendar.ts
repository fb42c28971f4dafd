import { formatDate, toEpochMs, type DateInput } from './date';
import { isYmd } from './warning-feed';

/**
 * The financial business calendar, in Beijing time whatever the runtime's zone: Monday to Friday
 * are business days unless staff mark a day otherwise. The same module decides on the server
 * (value dates, cut-offs) and in the browser (pickers, count-downs), so both agree on every day.
 */

/**
 * What staff can mark a day as. A 调休 weekend day is a business day for the bank while the
 * exchanges stay shut (they do not trade on make-up days); an exchange closure on a weekday
 * leaves the bank open.
 */
export const CALENDAR_DAY_KINDS = { holiday: '节假日', workday: '调休上班', exchangeClosed: '交易所休市' } as const;
export type CalendarDayKind = keyof typeof CALENDAR_DAY_KINDS;
export const CALENDAR_DAY_KIND_LIST = Object.keys(CALENDAR_DAY_KINDS) as [CalendarDayKind, ...CalendarDayKind[]];

/** A day staff marked; every other day follows the week (Monday to Friday open). */
export interface CalendarDay {
  /** yyyy-MM-dd */
  date: string;
  kind: CalendarDayKind;
  /** '春节', '国庆节调休'… */
  name: string;
}

/** The working hours business-hour counts use, in minutes after Beijing midnight. */
export interface WorkingHours {
  open: number;
  close: number;
}
export const WORKING_HOURS: WorkingHours = { open: 9 * 60, close: 17 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Stepping further than this from a day without meeting a business day means the calendar is wrong. */
const MAX_STEP_DAYS = 366;

export interface BusinessCalendar {
  /** The marked day, if staff marked it. */
  dayOf(date: string): CalendarDay | undefined;
  /** The bank settles payments that day. */
  isBusinessDay(date: string): boolean;
  /** The exchanges trade that day. */
  isExchangeDay(date: string): boolean;
  /** The first business day after `date` (never `date` itself). */
  nextBusinessDay(date: string): string;
  /** The last business day before `date`. */
  previousBusinessDay(date: string): string;
  /** `date` when it is a business day, else the next one. */
  businessDayOnOrAfter(date: string): string;
  /** Working hours (fractional) on business days between two instants; 0 when `to` is not after `from`. */
  businessHoursBetween(from: DateInput, to: DateInput, hours?: WorkingHours): number;
}

/** Epoch ms of Beijing midnight starting a yyyy-MM-dd day. */
function beijingMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - CST_OFFSET_MS;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
export const isWeekend = (date: string) => weekdayOf(date) % 6 === 0;

/** Why `date` cannot carry `kind`, or null: a 调休 workday falls on a weekend, an exchange closure on a weekday. */
export function calendarKindProblem(date: string, kind: CalendarDayKind): string | null {
  if (kind === 'workday' && !isWeekend(date)) return '调休上班日须为周六或周日';
  if (kind === 'exchangeClosed' && isWeekend(date)) return '交易所休市日须为周一至周五（周末本就休市）';
  return null;
}

/** The kinds `date` may carry. */
export const calendarKindsFor = (date: string): CalendarDayKind[] => CALENDAR_DAY_KIND_LIST.filter((kind) => calendarKindProblem(date, kind) === null);

function checkedDate(date: string): string {
  if (!isYmd(date)) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  return date;
}

function instantMs(value: DateInput): number {
  const ms = toEpochMs(value);
  if (ms === null) throw new RangeError(`not an instant: ${String(value)}`);
  return ms;
}

/** A calendar over the marked days (a later mark of the same day replaces an earlier one). */
export function businessCalendar(days: Iterable<CalendarDay>): BusinessCalendar {
  const marked = new Map<string, CalendarDay>();
  for (const day of days) marked.set(checkedDate(day.date), day);

  const isBusinessDay = (date: string) => {
    const kind = marked.get(checkedDate(date))?.kind;
    if (kind === 'holiday') return false;
    if (kind === 'workday') return true;
    return !isWeekend(date);
  };
  const isExchangeDay = (date: string) => {
    const kind = marked.get(checkedDate(date))?.kind;
    return kind === undefined ? !isWeekend(date) : false;
  };
  const step = (date: string, direction: 1 | -1) => {
    let day = checkedDate(date);
    for (let i = 0; i < MAX_STEP_DAYS; i += 1) {
      day = addDays(day, direction);
      if (isBusinessDay(day)) return day;
    }
    throw new RangeError(`no business day within ${MAX_STEP_DAYS} days of ${date}`);
  };

  return {
    dayOf: (date) => marked.get(checkedDate(date)),
    isBusinessDay,
    isExchangeDay,
    nextBusinessDay: (date) => step(date, 1),
    previousBusinessDay: (date) => step(date, -1),
    businessDayOnOrAfter: (date) => (isBusinessDay(date) ? date : step(date, 1)),
    businessHoursBetween(from, to, hours = WORKING_HOURS) {
      const start = instantMs(from);
      const end = instantMs(to);
      if (!(end > start)) return 0;
      let total = 0;
      for (let day = formatDate(start), last = formatDate(end); day <= last; day = addDays(day, 1)) {
        if (!isBusinessDay(day)) continue;
        const midnight = beijingMidnight(day);
        const open = Math.max(start, midnight + hours.open * 60_000);
        const close = Math.min(end, midnight + hours.close * 60_000);
        if (close > open) total += close - open;
      }
      return total / 3_600_000;
    },
  };
}
