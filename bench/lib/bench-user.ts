import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hash';

/** A customer seat of a benchmark: a user, its number in `enterpriseNo` and one role. */
export async function addCustomerSeat(db: Kysely<DB>, seat: { username: string; nickName: string; password: string; userNo: string; enterpriseNo: string; roleCode: string }) {
  const { user_id } = await db
    .insertInto('users')
    .values({ username: seat.username, password_hash: await hashPassword(seat.password), nick_name: seat.nickName, user_type: 'customer' })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_numbers').values({ user_no: seat.userNo, user_id, enterprise_no: seat.enterpriseNo }).execute();
  const { role_id } = await db.selectFrom('roles').select('role_id').where('role_code', '=', seat.roleCode).executeTakeFirstOrThrow();
  await db.insertInto('user_number_roles').values({ user_no: seat.userNo, role_id }).execute();
  return user_id;
}
