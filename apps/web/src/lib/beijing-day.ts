import { formatDate } from '@portal/shared';
import type { Dayjs } from 'dayjs';

/**
 * Whether a calendar day is before today in Beijing, whatever the browser's zone: the server
 * judges value dates and expiries by China's calendar, so a picker greys exactly what it refuses.
 */
export const beforeBeijingToday = (day: Dayjs, now: number = Date.now()): boolean => day.format('YYYY-MM-DD') < formatDate(now);
