import type { Transaction } from 'kysely';
import type { CalendarDay } from '@portal/shared';
import type { DB } from '../db/schema';

const range = (name: string, from: string, to: string): CalendarDay[] => {
  const days: CalendarDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push({ date: new Date(t).toISOString().slice(0, 10), kind: 'holiday', name });
  }
  return days;
};
const worked = (date: string, name: string): CalendarDay => ({ date, kind: 'workday', name });

/**
 * Demo business calendar (README: demo data). 2026 follows the State Council's published schedule;
 * 2027's is an estimate until staff import the published one. The 港股通 closures show the third
 * kind of day: the bank open, an exchange shut.
 */
export const DEMO_CALENDAR: CalendarDay[] = [
  ...range('元旦', '2026-01-01', '2026-01-03'),
  worked('2026-01-04', '元旦调休上班'),
  worked('2026-02-14', '春节调休上班'),
  ...range('春节', '2026-02-15', '2026-02-23'),
  worked('2026-02-28', '春节调休上班'),
  ...range('清明节', '2026-04-04', '2026-04-06'),
  ...range('劳动节', '2026-05-01', '2026-05-05'),
  worked('2026-05-09', '劳动节调休上班'),
  ...range('端午节', '2026-06-19', '2026-06-21'),
  worked('2026-09-20', '国庆节调休上班'),
  ...range('中秋节', '2026-09-25', '2026-09-27'),
  ...range('国庆节', '2026-10-01', '2026-10-07'),
  worked('2026-10-10', '国庆节调休上班'),
  { date: '2026-12-25', kind: 'exchangeClosed', name: '港股通休市（圣诞节）' },
  ...range('元旦', '2027-01-01', '2027-01-03'),
  ...range('春节', '2027-02-05', '2027-02-13'),
  worked('2027-02-20', '春节调休上班'),
  ...range('清明节', '2027-04-03', '2027-04-05'),
  ...range('劳动节', '2027-05-01', '2027-05-05'),
  worked('2027-05-08', '劳动节调休上班'),
  ...range('端午节', '2027-06-09', '2027-06-09'),
  ...range('中秋节', '2027-09-15', '2027-09-15'),
  worked('2027-09-26', '国庆节调休上班'),
  ...range('国庆节', '2027-10-01', '2027-10-07'),
  worked('2027-10-09', '国庆节调休上班'),
  { date: '2027-12-24', kind: 'exchangeClosed', name: '港股通休市（圣诞节）' },
];

/** Idempotent: a day staff already marked keeps their mark. */
export async function seedCalendar(trx: Transaction<DB>) {
  await trx
    .insertInto('business_calendar_days')
    .values(DEMO_CALENDAR.map((d) => ({ day: d.date, kind: d.kind, name: d.name, updated_by: 'system' })))
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}
