import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Trx = Transaction<DB>;

export async function usernameExists(trx: Trx, username: string): Promise<boolean> {
  return Boolean(await trx.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst());
}

export async function roleIdOf(trx: Trx, roleCode: string): Promise<number> {
  const { role_id } = await trx.selectFrom('roles').select('role_id').where('role_code', '=', roleCode).executeTakeFirstOrThrow();
  return role_id;
}

/** The highest user number starting with `S`. */
export async function lastStaffUserNo(trx: Trx): Promise<string | undefined> {
  const last = await trx.selectFrom('user_numbers').select('user_no').where('user_no', 'like', 'S%').orderBy('user_no', 'desc').limit(1).executeTakeFirst();
  return last?.user_no;
}

/** A staff login with one seat holding one role. */
export async function insertStaffLogin(trx: Trx, input: { username: string; passwordHash: string; nickName: string; userNo: string; enterpriseNo: string; roleId: number }) {
  const user = await trx
    .insertInto('users')
    .values({ username: input.username, password_hash: input.passwordHash, nick_name: input.nickName, user_type: 'staff' })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_numbers').values({ user_no: input.userNo, user_id: user.user_id, enterprise_no: input.enterpriseNo }).execute();
  await trx.insertInto('user_number_roles').values({ user_no: input.userNo, role_id: input.roleId }).execute();
  return user.user_id;
}
