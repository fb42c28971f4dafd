import type { Kysely } from 'kysely';
import type { CalendarDay } from '@portal/shared';
import type { BusinessCalendarDaysTable, DB } from '../../db/schema';

type Row = Omit<BusinessCalendarDaysTable, 'updated_at'> & { updated_at: Date };

const yearBounds = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const;

/** The marked days of one year, by date. */
export function daysOfYear(db: Kysely<DB>, year: number) {
  const [first, last] = yearBounds(year);
  return db.selectFrom('business_calendar_days').selectAll().where('day', '>=', first).where('day', '<=', last).orderBy('day').execute();
}

/** Every marked day, by date (a few dozen a year): what the rules of value dates and cut-offs need. */
export async function markedDays(db: Kysely<DB>): Promise<CalendarDay[]> {
  const rows = await db.selectFrom('business_calendar_days').select(['day', 'kind', 'name']).orderBy('day').execute();
  return rows.map((r) => ({ date: r.day, kind: r.kind, name: r.name }));
}

export function dayByDate(db: Kysely<DB>, day: string) {
  return db.selectFrom('business_calendar_days').selectAll().where('day', '=', day).executeTakeFirst();
}

export async function saveDay(db: Kysely<DB>, row: Row) {
  await db
    .insertInto('business_calendar_days')
    .values(row)
    .onConflict((oc) => oc.column('day').doUpdateSet({ kind: row.kind, name: row.name, updated_by: row.updated_by, updated_at: row.updated_at }))
    .execute();
}

export async function clearDay(db: Kysely<DB>, day: string) {
  await db.deleteFrom('business_calendar_days').where('day', '=', day).execute();
}

/** The year's marks become exactly `rows`. */
export async function replaceYear(db: Kysely<DB>, year: number, rows: Row[]) {
  const [first, last] = yearBounds(year);
  await db.deleteFrom('business_calendar_days').where('day', '>=', first).where('day', '<=', last).execute();
  if (rows.length > 0) await db.insertInto('business_calendar_days').values(rows).execute();
}
