import { WORKING_HOURS, isWeekend, type BusinessCalendar } from './business-calendar';
import { formatDate, formatDateTime } from './date';
import type { InstructionStatus } from './instruction-flow';

/**
 * Cut-offs (截止时间): by when, Beijing time, an instruction must have passed every step up to the
 * custodian's check for the custodian to pay it on its value date. Staff set one per instruction
 * type and currency: a time of day on the value date and, for types the back office needs warned
 * of in advance, a notice period in working hours before it. Pure, so the server (which refuses)
 * and the browser (which defaults the value date and warns) judge the same instant alike.
 */

/** What staff set for one type and currency. */
export interface CutoffSetting {
  type: string;
  currency: string;
  /** HH:mm, Beijing time, on the value date. */
  cutoffTime: string;
  /** Working hours (WORKING_HOURS, business days) before that time by which the instruction must be through; 0 for none. */
  noticeHours: number;
}

/** A type and currency staff have not set (a type added later) has the bank's usual cut-off. */
export const DEFAULT_CUTOFF_TIME = '15:00';
export const NOTICE_HOURS_MAX = 40;
/** Under this long before the cut-off, a step warns that the remaining ones may not make it. */
export const CUTOFF_WARNING_MINUTES = 60;

/** `onTime`; `atRisk`: under CUTOFF_WARNING_MINUTES left; `missed`: the cut-off has passed. */
export type CutoffState = 'onTime' | 'atRisk' | 'missed';
export const CUTOFF_STATES = ['onTime', 'atRisk', 'missed'] as const satisfies readonly CutoffState[];

/** The statuses in which a cut-off no longer matters: checked by the custodian (paid on the value date), paid, revoked. */
const PAST_CUTOFF_STEPS: readonly InstructionStatus[] = ['50', '60', '90'];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isCutoffTime = (text: string): boolean => HH_MM.test(text);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const CST_OFFSET_MS = 8 * HOUR_MS;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const beijingMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - CST_OFFSET_MS;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** yyyy-MM-dd HH:mm, Beijing time. */
export const formatCutoff = (instant: number): string => formatDateTime(instant).slice(0, 16);

/** The setting of `type` and `currency` among `settings`, else the default (DEFAULT_CUTOFF_TIME, no notice). */
export function cutoffSettingOf(settings: readonly CutoffSetting[], type: string, currency: string): CutoffSetting {
  return settings.find((s) => s.type === type && s.currency === currency) ?? { type, currency, cutoffTime: DEFAULT_CUTOFF_TIME, noticeHours: 0 };
}

/**
 * The instant (epoch ms) by which an instruction of `setting` with `valueDate` must be through:
 * the cut-off time on the value date, less the notice period counted back over working hours of
 * business days (a notice longer than the hours before the cut-off reaches into earlier days).
 */
export function cutoffInstant(calendar: BusinessCalendar, setting: Pick<CutoffSetting, 'cutoffTime' | 'noticeHours'>, valueDate: string): number {
  const cutoff = beijingMidnight(valueDate) + minutesOf(setting.cutoffTime) * MINUTE_MS;
  let remaining = setting.noticeHours * HOUR_MS;
  if (remaining <= 0) return cutoff;
  let day = valueDate;
  let until = cutoff;
  for (;;) {
    if (calendar.isBusinessDay(day)) {
      const open = beijingMidnight(day) + WORKING_HOURS.open * MINUTE_MS;
      const end = Math.min(until, beijingMidnight(day) + WORKING_HOURS.close * MINUTE_MS);
      const available = Math.max(0, end - open);
      if (available >= remaining) return end - remaining;
      remaining -= available;
    }
    day = calendar.previousBusinessDay(day);
    until = Number.POSITIVE_INFINITY;
  }
}

/** Where `now` stands against a cut-off instant. */
export function cutoffStateAt(deadline: number, now: number): CutoffState {
  if (now >= deadline) return 'missed';
  return deadline - now <= CUTOFF_WARNING_MINUTES * MINUTE_MS ? 'atRisk' : 'onTime';
}

/**
 * An instruction's standing against its cut-off while it still waits for a step before the
 * custodian's check; null once checked, paid or revoked.
 */
export function instructionCutoffState(status: InstructionStatus, deadline: number, now: number): CutoffState | null {
  return PAST_CUTOFF_STEPS.includes(status) ? null : cutoffStateAt(deadline, now);
}

/**
 * The value date entry offers at `now`: today while today is a business day before its cut-off,
 * else the first business day whose cut-off is still ahead.
 */
export function defaultValueDate(calendar: BusinessCalendar, setting: Pick<CutoffSetting, 'cutoffTime' | 'noticeHours'>, now: number): string {
  let day = calendar.businessDayOnOrAfter(formatDate(now));
  while (now >= cutoffInstant(calendar, setting, day)) day = calendar.nextBusinessDay(day);
  return day;
}

/** Why a value date is no business day, for the refusal: the marked day's name, else the weekday. */
export function notBusinessDayMessage(calendar: BusinessCalendar, valueDate: string): string | null {
  if (calendar.isBusinessDay(valueDate)) return null;
  const marked = calendar.dayOf(valueDate);
  const why = marked ? marked.name : isWeekend(valueDate) ? WEEKDAYS[new Date(`${valueDate}T00:00:00Z`).getUTCDay()] : '非工作日';
  return `起息日${valueDate}不是工作日（${why}），请选择工作日`;
}

/** The refusal of a value date whose cut-off has passed, naming the first one still open. */
export const cutoffPassedMessage = (valueDate: string, deadline: number, next: string): string =>
  `起息日${valueDate}的截止时间${formatCutoff(deadline)}已过，请选择${next}或之后的工作日`;

/** The refusal of a step on an instruction whose cut-off has passed. */
export const instructionCutoffMessage = (instructionNo: string, deadline: number): string =>
  `指令${instructionNo}已过截止时间（${formatCutoff(deadline)}），请修改起息日或撤销`;

/** The warning a step gives when the rest may not make the cut-off. */
export const atRiskMessage = (instructionNos: readonly string[]): string =>
  `指令${instructionNos.join('、')}距截止时间已不足${CUTOFF_WARNING_MINUTES}分钟，后续处理可能赶不上截止，请尽快处理`;

/** Everything a cut-off is judged with at one moment: the instant, its Beijing day, the calendar and staff's settings. */
export interface CustodyDay {
  now: number;
  /** yyyy-MM-dd of `now`, Beijing time. */
  today: string;
  calendar: BusinessCalendar;
  cutoffs: readonly CutoffSetting[];
}

export const custodyDayAt = (now: number, calendar: BusinessCalendar, cutoffs: readonly CutoffSetting[]): CustodyDay => ({ now, today: formatDate(now), calendar, cutoffs });

type Dated = { type: string; currency: string; valueDate: string };

/** The cut-off instant of an instruction. */
export const deadlineOf = (day: CustodyDay, i: Dated): number => cutoffInstant(day.calendar, cutoffSettingOf(day.cutoffs, i.type, i.currency), i.valueDate);

/** The value date entry offers for a type and currency. */
export const defaultValueDateOf = (day: CustodyDay, type: string, currency: string): string => defaultValueDate(day.calendar, cutoffSettingOf(day.cutoffs, type, currency), day.now);

/**
 * Why a value date (not before today) cannot be entered or sent on, or null: not a business day,
 * or its cut-off already passed.
 */
export function valueDateRefusal(day: CustodyDay, i: Dated): string | null {
  const notBusiness = notBusinessDayMessage(day.calendar, i.valueDate);
  if (notBusiness) return notBusiness;
  const deadline = deadlineOf(day, i);
  return day.now >= deadline ? cutoffPassedMessage(i.valueDate, deadline, defaultValueDateOf(day, i.type, i.currency)) : null;
}
