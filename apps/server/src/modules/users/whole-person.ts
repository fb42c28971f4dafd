import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { refuse } from '../../platform/refuse';
import type { AdminScope } from './scope';
import { findUser, peopleWithSeatsElsewhere } from './users.queries';

export const USER_NOT_FOUND = '用户不存在';

/**
 * A person the scope may act on as a whole (their login, password, lock): one with a seat in it
 * and, for an enterprise administrator, no seat in another enterprise, whose administrator has
 * the same say over that person. `action` completes the refusal ('不能…').
 */
export async function wholePerson(db: Kysely<DB>, scope: AdminScope, userId: number, action: string) {
  const user = await findUser(db, scope, userId);
  if (!user) throw refuse(USER_NOT_FOUND);
  if ((await peopleWithSeatsElsewhere(db, scope, [userId])).size > 0) throw refuse(`该用户在其他企业也有用户号，不能${action}，请联系银行办理`);
  return user;
}
