import { businessCalendar } from '../../packages/shared/src/rules/business-calendar';
import { formatDate } from '../../packages/shared/src/rules/date';
import { DEMO_CALENDAR } from '../../apps/server/src/seed/calendar-seed';

/**
 * The business day the instruction tests stand on, whatever day they run: today (China's) when it
 * is one by the seeded calendar, else the next. Their pages send `X-Test-Clock` (the server runs
 * with TEST_CLOCK=1) so that the server judges value dates and cut-offs at BUSINESS_MORNING.
 */
export const DEMO_DAYS = businessCalendar(DEMO_CALENDAR);
export const BUSINESS_TODAY = DEMO_DAYS.businessDayOnOrAfter(formatDate(Date.now()));
export const NEXT_BUSINESS_DAY = DEMO_DAYS.nextBusinessDay(BUSINESS_TODAY);
/** An X-Test-Clock value: Beijing wall-clock time on BUSINESS_TODAY ('15:30'). */
export const businessTimeAt = (hhmm: string) => `${BUSINESS_TODAY}T${hhmm}:00+08:00`;
export const BUSINESS_MORNING = businessTimeAt('10:00');
/** The headers that set the business clock, for test.use({ extraHTTPHeaders }) or page.setExtraHTTPHeaders. */
export const atBusinessTime = (instant: string) => ({ 'x-test-clock': instant });
