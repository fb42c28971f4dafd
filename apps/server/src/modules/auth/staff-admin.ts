import { newPasswordProblem } from '@portal/shared';
import type { Database } from '../../db/database';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { ROLES } from '../../reference/roles';
import { hashPassword } from './password-hash';

/** The bank's own enterprise, in which staff hold their seats. */
export const STAFF_ENTERPRISE = BANK_ENTERPRISE;
/** The staff administrator role and its authorities (every staff authority). */
export const STAFF_ADMIN_ROLE = ROLES.find((r) => r.role_code === 'STAFF_GATEWAY_ADMIN')!;

const USERNAME = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

export class StaffAdminError extends Error {}

/** Why a username cannot be an administrator's, or null. */
export function staffUsernameProblem(username: string): string | null {
  return USERNAME.test(username) ? null : '用户名须以字母开头，3–32位字母、数字、_ . -';
}

/**
 * A first bank-staff administrator, in any environment (production has no demo users): the
 * user and a staff seat (next free `S…` user number) with the staff administrator role of the
 * reference data. An existing username is refused.
 * The password must pass the new-password rules and is stored as scrypt, never in the clear.
 */
export async function createStaffAdministrator(database: Database, input: { username: string; password: string; nickName?: string }) {
  const username = input.username.trim();
  const usernameProblem = staffUsernameProblem(username);
  if (usernameProblem) throw new StaffAdminError(usernameProblem);
  const passwordProblem = newPasswordProblem(input.password, username);
  if (passwordProblem) throw new StaffAdminError(passwordProblem);
  const passwordHash = await hashPassword(input.password);

  return database.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst();
    if (existing) throw new StaffAdminError(`用户名 ${username} 已存在`);

    // Reference data is synced at every start-up (openStores), so the role is there.
    const { role_id } = await trx.selectFrom('roles').select('role_id').where('role_code', '=', STAFF_ADMIN_ROLE.role_code).executeTakeFirstOrThrow();

    const user = await trx
      .insertInto('users')
      .values({ username, password_hash: passwordHash, nick_name: input.nickName?.trim() || username, user_type: 'staff' })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const last = await trx
      .selectFrom('user_numbers')
      .select('user_no')
      .where('user_no', 'like', 'S%')
      .orderBy('user_no', 'desc')
      .limit(1)
      .executeTakeFirst();
    const next = last && /^S\d{9}$/.test(last.user_no) ? Number(last.user_no.slice(1)) + 1 : 900_000_001;
    const userNo = `S${String(next).padStart(9, '0')}`;
    await trx.insertInto('user_numbers').values({ user_no: userNo, user_id: user.user_id, enterprise_no: STAFF_ENTERPRISE.enterprise_no }).execute();
    await trx.insertInto('user_number_roles').values({ user_no: userNo, role_id }).execute();
    return { userId: user.user_id, userNo, enterpriseNo: STAFF_ENTERPRISE.enterprise_no, roleCode: STAFF_ADMIN_ROLE.role_code };
  });
}
