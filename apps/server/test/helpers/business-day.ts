import { businessCalendar, formatDate } from '@portal/shared';
import { DEMO_CALENDAR } from '../../src/seed/calendar-seed';

/** The seeded calendar, as the server judges value dates with it. */
export const DEMO_DAYS = businessCalendar(DEMO_CALENDAR);

/**
 * The day instruction tests stand on, whatever day they run: today when it is a business day,
 * else the next one. Their calls carry `X-Test-Clock` at BUSINESS_MORNING (serverUnderTest's
 * `businessTime`), so a value date of that day is hours before its cut-off.
 */
export const BUSINESS_TODAY = DEMO_DAYS.businessDayOnOrAfter(formatDate(Date.now()));
export const NEXT_BUSINESS_DAY = DEMO_DAYS.nextBusinessDay(BUSINESS_TODAY);
/** 10:00 Beijing time on BUSINESS_TODAY. */
export const BUSINESS_MORNING = `${BUSINESS_TODAY}T10:00:00+08:00`;
/** Beijing wall-clock time on BUSINESS_TODAY as an X-Test-Clock value ('15:30' → …T15:30:00+08:00). */
export const businessTimeAt = (hhmm: string, date = BUSINESS_TODAY) => `${date}T${hhmm}:00+08:00`;
