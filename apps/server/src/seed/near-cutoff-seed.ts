import { sql, type Transaction } from 'kysely';
import { DAILY_STATUSES, businessCalendar, defaultValueDate, formatDate, type InstructionStatus } from '@portal/shared';
import type { DB } from '../db/schema';
import { DEMO_CALENDAR } from './calendar-seed';
import { PURPOSES } from './instructions-data';

/** The waiting states moved onto the seed's business day, a few of each: the maker's, review, the institution's two, the custodian's check. */
const NEAR_STATES: readonly InstructionStatus[] = ['00', '11', '10', '20', '30', '40'];
const PER_STATE = 3;

/**
 * Issue 28's demo: waiting instructions whose cut-off falls on the seed time's business day (the
 * first whose 15:00 is still ahead, by the seeded calendar), so the home's 截止提醒 card and the
 * countdowns show something true on first start. Per state, the first becomes a 申购赎回款 (two
 * working hours' notice: through by 13:00, DEMO_CUTOFFS), the others keep their type (15:00; a
 * foreign currency 14:00), so each cut-off is at risk in its last hour of that day in turn. A move
 * that would break its account's daily limit on that day is skipped.
 */
export async function seedNearCutoff(trx: Transaction<DB>, now: number) {
  const day = defaultValueDate(businessCalendar(DEMO_CALENDAR), { cutoffTime: '15:00', noticeHours: 0 }, now);
  const rows = await trx
    .selectFrom('instructions as i')
    .innerJoin('ebank_accounts as e', 'e.account_no', 'i.payer_account_no')
    .select(['i.id', 'i.status', 'i.currency', 'i.payer_account_no', sql<string>`i.amount::text`.as('amount'), sql<string | null>`e.daily_limit::text`.as('daily_limit')])
    .where('i.status', 'in', NEAR_STATES)
    .where('i.value_date', '>=', sql<Date>`${formatDate(now)}::date`)
    .orderBy('i.id')
    .execute();
  for (const status of NEAR_STATES) {
    let moved = 0;
    for (const row of rows.filter((r) => r.status === status)) {
      if (moved === PER_STATE) break;
      if (row.daily_limit !== null) {
        const { used } = await trx
          .selectFrom('instructions')
          .select(sql<string>`coalesce(sum(amount), 0)::text`.as('used'))
          .where('payer_account_no', '=', row.payer_account_no)
          .where('value_date', '=', sql<Date>`${day}::date`)
          .where('status', 'in', DAILY_STATUSES)
          .where('id', '<>', row.id)
          .executeTakeFirstOrThrow();
        if (Number(used) + Number(row.amount) > Number(row.daily_limit)) continue;
      }
      const subscription = moved === 0 ? { type: '03', purpose: PURPOSES['03']![0]! } : {};
      await trx.updateTable('instructions').set({ value_date: day, ...subscription }).where('id', '=', row.id).execute();
      moved += 1;
    }
  }
}
