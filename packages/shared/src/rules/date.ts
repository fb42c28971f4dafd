/**
 * Date display (spec §3). Calendar days are those of China Standard Time
 * (UTC+8, no daylight saving since 1991) whatever the runtime's zone, so the
 * browser and a UTC server print the same day for the same instant.
 */
export type DateInput = Date | string | number;

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A date or date-time without a zone, as core banking sends them: 'yyyy-MM-dd',
 * 'yyyy/MM/dd' or 'yyyyMMdd', optionally followed by ' HH:mm[:ss[.SSS]]'.
 */
const ZONELESS =
  /^(\d{4})([-/]?)(\d{2})\2(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** ISO 8601 with an explicit zone; other formats are refused, not left to Date.parse's guessing. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** Beijing wall-clock fields to epoch ms; null when a field is out of range (2024-02-30). */
function fromBeijingWallClock(fields: number[]): number | null {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = fields;
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 (the '0001-01-01' null-date sentinel).
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  const roundTrips =
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day &&
    utc.getUTCHours() === hour &&
    utc.getUTCMinutes() === minute &&
    utc.getUTCSeconds() === second;
  return roundTrips ? utc.getTime() - CST_OFFSET_MS : null;
}

/**
 * Epoch milliseconds of a Date, an epoch-ms number or a string. Zoneless strings
 * are Beijing wall-clock time; ISO strings with a zone ('Z', '+08:00') keep theirs.
 */
export function toEpochMs(value: DateInput | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    const zoneless = ZONELESS.exec(text);
    if (zoneless) {
      const [, year, , month, day, hour, minute, second, fraction] = zoneless;
      const fields = [year, month, day, hour, minute, second, fraction?.padEnd(3, '0')];
      return fromBeijingWallClock(fields.map((field) => Number(field ?? 0)));
    }
    return ZONED_ISO.test(text) ? finiteOrNull(Date.parse(text)) : null;
  }
  return finiteOrNull(value instanceof Date ? value.getTime() : value);
}

const finiteOrNull = (ms: number): number | null => (Number.isFinite(ms) ? ms : null);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** yyyy-MM-dd in Beijing time; '' for empty or invalid input (the caller picks any placeholder). */
export function formatDate(value: DateInput | null | undefined): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  const beijing = new Date(ms + CST_OFFSET_MS);
  return `${pad(beijing.getUTCFullYear(), 4)}-${pad(beijing.getUTCMonth() + 1)}-${pad(beijing.getUTCDate())}`;
}

/**
 * yyyy-MM-dd HH:mm:ss in Beijing time whatever the runtime's zone ('2026-11-27 07:40:01'): the one
 * way every screen and export shows a moment. '' for empty or invalid input.
 */
export function formatDateTime(value: DateInput | null | undefined): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  const beijing = new Date(ms + CST_OFFSET_MS);
  return `${formatDate(ms)} ${pad(beijing.getUTCHours())}:${pad(beijing.getUTCMinutes())}:${pad(beijing.getUTCSeconds())}`;
}

/**
 * '刚刚' under 30 s, 'N分钟前' under an hour, 'N小时前' under a day, '1天前' under
 * two days, else the yyyy-MM-dd date. N counts completed units (floor), with
 * 30-59 s shown as 1分钟前. Up to 30 s in the future also reads '刚刚' (client and
 * server clocks drift); anything further ahead shows its date. Invalid input gives ''.
 */
export function relativeTime(then: DateInput, now: Date | number = Date.now()): string {
  const thenMs = toEpochMs(then);
  const nowMs = toEpochMs(now);
  if (thenMs === null || nowMs === null) return '';
  const elapsed = nowMs - thenMs;
  if (Math.abs(elapsed) < 30 * SECOND) return '刚刚';
  if (elapsed < 0) return formatDate(thenMs);
  if (elapsed < HOUR) return `${Math.max(1, Math.floor(elapsed / MINUTE))}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed < 2 * DAY) return '1天前';
  return formatDate(thenMs);
}

/** Spec §3: the relative wording reaches '1天前' (under two days). */
export const RELATIVE_WINDOW_MS = 2 * DAY;

/**
 * A time as a clerk reads a recent one: relativeTime's wording while it is less than `windowMs`
 * old (or up to 30 s ahead), else yyyy-MM-dd HH:mm. Invalid input gives ''.
 */
export function recentTime(then: DateInput, now: Date | number = Date.now(), windowMs = RELATIVE_WINDOW_MS): string {
  const thenMs = toEpochMs(then);
  const nowMs = toEpochMs(now);
  if (thenMs === null || nowMs === null) return '';
  const elapsed = nowMs - thenMs;
  return elapsed < windowMs && elapsed > -30 * SECOND ? relativeTime(thenMs, nowMs) : formatDateTime(thenMs);
}
