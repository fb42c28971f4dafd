import type { Insertable, Kysely } from 'kysely';
import type { AdminChangeStatus } from '@portal/shared';
import type { AdminChangesTable, DB } from '../db/schema';

/** The authority of whoever may approve an enterprise's (or the bank's) administrative changes. */
export const APPROVER_AUTHORITY = 'ADMIN_CHANGE_REVIEW';

/** Active people with an active seat in the enterprise whose roles grant the approver authority. */
export async function approverCount(db: Kysely<DB>, enterpriseNo: string): Promise<number> {
  const row = await db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .innerJoin('user_number_roles as r', 'r.user_no', 'n.user_no')
    .innerJoin('role_authorities as a', 'a.role_id', 'r.role_id')
    .select((eb) => eb.fn.count<number>('u.user_id').distinct().as('count'))
    .where('n.enterprise_no', '=', enterpriseNo)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where('a.authority', '=', APPROVER_AUTHORITY)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findWaiver = (db: Kysely<DB>, enterpriseNo: string) =>
  db.selectFrom('dual_control_waivers').selectAll().where('enterprise_no', '=', enterpriseNo).executeTakeFirst();

export const listWaivers = (db: Kysely<DB>) =>
  db
    .selectFrom('dual_control_waivers as w')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'w.enterprise_no')
    .select(['w.enterprise_no', 'e.enterprise_name', 'w.reason', 'w.waived_by_user_no', 'w.waived_at'])
    .orderBy('w.enterprise_no')
    .execute();

export const insertChange = async (db: Kysely<DB>, row: Insertable<AdminChangesTable>) =>
  (await db.insertInto('admin_changes').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** One change of the enterprise (another enterprise's reads as none), locked when asked. */
export function changeOf(db: Kysely<DB>, enterpriseNo: string, id: number, lock = false) {
  const query = db.selectFrom('admin_changes').selectAll().where('id', '=', id).where('enterprise_no', '=', enterpriseNo);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function pageOfChanges(db: Kysely<DB>, enterpriseNo: string, status: AdminChangeStatus | undefined, page: number, limit: number) {
  let query = db.selectFrom('admin_changes as c').where('c.enterprise_no', '=', enterpriseNo);
  if (status) query = query.where('c.status', '=', status);
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const records = await query
    .innerJoin('users as m', 'm.user_id', 'c.maker_user_id')
    .leftJoin('users as d', 'd.user_id', 'c.decided_by_user_id')
    .selectAll('c')
    .select(['m.nick_name as maker_name', 'd.nick_name as decided_by_name'])
    // Pending first (the work to do), then the history, newest first.
    .orderBy((eb) => eb.case().when('c.status', '=', 'pending').then(0).else(1).end())
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total, records };
}
