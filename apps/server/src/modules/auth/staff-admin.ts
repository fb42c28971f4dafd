import { newPasswordProblem } from '@portal/shared';
import type { Database } from '../../db/database';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { ROLES } from '../../reference/roles';
import { hashPassword } from './password-hash';
import { insertStaffLogin, lastStaffUserNo, roleIdOf, usernameExists } from './staff-admin.queries';

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
    if (await usernameExists(trx, username)) throw new StaffAdminError(`用户名 ${username} 已存在`);

    // Reference data is synced at every start-up (openStores), so the role is there.
    const roleId = await roleIdOf(trx, STAFF_ADMIN_ROLE.role_code);

    const last = await lastStaffUserNo(trx);
    const next = last && /^S\d{9}$/.test(last) ? Number(last.slice(1)) + 1 : 900_000_001;
    const userNo = `S${String(next).padStart(9, '0')}`;
    const userId = await insertStaffLogin(trx, {
      username,
      passwordHash,
      nickName: input.nickName?.trim() || username,
      userNo,
      enterpriseNo: STAFF_ENTERPRISE.enterprise_no,
      roleId,
    });
    return { userId, userNo, enterpriseNo: STAFF_ENTERPRISE.enterprise_no, roleCode: STAFF_ADMIN_ROLE.role_code };
  });
}
