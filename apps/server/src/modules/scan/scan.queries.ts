import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The seat's enterprise and its login's name while seat, login and enterprise are all in service. */
export const liveSeat = (db: Kysely<DB>, userId: number, userNo: string) =>
  db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['n.enterprise_no', 'u.username'])
    .where('n.user_no', '=', userNo)
    .where('n.user_id', '=', userId)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where('e.status', '=', 1)
    .executeTakeFirst();
