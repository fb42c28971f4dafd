import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A person's active seats in enterprises in service, by user number. */
export async function activeSeatsOf(db: Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('user_numbers as n')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['n.user_no', 'n.enterprise_no', 'e.enterprise_name'])
    .where('n.user_id', '=', userId)
    .where('n.status', '=', 1)
    .where('e.status', '=', 1)
    .orderBy('n.user_no')
    .execute();
  return rows.map((r) => ({ userNo: r.user_no, enterpriseNo: r.enterprise_no, enterpriseName: r.enterprise_name }));
}
