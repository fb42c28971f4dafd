import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { takeTurns } from '../../db/sql-helpers';
import { refuse } from '../../platform/refuse';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { isStaffRole } from '../../reference/roles';
import { thirdPartyCounterparts } from '../accounts';
import { enterpriseLabels, enterpriseStatus, insertPerson, insertSeatRow, lastUserNo, rolesByIds, seatEnterprisesOf, usernameTaken } from './seats.queries';

type Trx = Transaction<DB>;

/** An arbitrary constant: concurrent writers take turns drawing user numbers. */
const USER_NO_LOCK = 7_262_020;

/** Staff seats are in the bank's own enterprise; every other seat is a customer's. */
export const userTypeOfEnterprise = (enterpriseNo: string): 'staff' | 'customer' =>
  enterpriseNo === BANK_ENTERPRISE.enterprise_no ? 'staff' : 'customer';

/**
 * A customer enterprise's block of user numbers: `U`, the enterprise number's first digit and last
 * six, then a two-digit serial (enterprise 1000000001 → U1000001 01…99), so a seat's number tells
 * its enterprise. Two enterprises that agree on those seven digits share a block (numbers stay
 * unique, drawn in turn).
 */
export const customerUserNoBlock = (enterpriseNo: string) => `U${enterpriseNo.slice(0, 1)}${enterpriseNo.slice(-6)}`;
const SERIALS_PER_BLOCK = 99;
export const USER_NOS_EXHAUSTED = '本企业用户号已用完，请联系托管行';

/**
 * The next free user number of a seat in `enterpriseNo`: staff (the bank's one enterprise) draw
 * from `S` + 9 digits, customers from their enterprise's block.
 */
export async function nextUserNo(database: Database, trx: Trx, enterpriseNo: string): Promise<string> {
  await takeTurns(database, trx, USER_NO_LOCK);
  const prefix = userTypeOfEnterprise(enterpriseNo) === 'staff' ? 'S' : customerUserNoBlock(enterpriseNo);
  const serialDigits = 10 - prefix.length;
  const last = await lastUserNo(trx, prefix, serialDigits);
  if (prefix === 'S') {
    const next = last ? Number(last.slice(1)) + 1 : 900_000_001;
    if (next > 999_999_999) throw new Error('staff user numbers are exhausted');
    return `S${next}`;
  }
  const serial = last ? Number(last.slice(prefix.length)) + 1 : 1;
  if (serial > SERIALS_PER_BLOCK) throw refuse(USER_NOS_EXHAUSTED);
  return `${prefix}${String(serial).padStart(serialDigits, '0')}`;
}

/** The roles of `roleIds`, each one that a seat of `userType` may hold; refuses unknown and mismatched ones. */
export async function rolesFor(trx: Trx, roleIds: readonly number[], userType: 'staff' | 'customer') {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return [];
  const roles = await rolesByIds(trx, ids);
  if (roles.length !== ids.length) throw refuse('角色不存在');
  const wrong = roles.find((r) => isStaffRole(r.role_code) !== (userType === 'staff'));
  if (wrong) throw refuse(userType === 'staff' ? `角色“${wrong.role_name}”不能分配给银行员工` : `角色“${wrong.role_name}”只能分配给银行员工`);
  return roles;
}

/** An enterprise that can take a new seat: it exists and is in service. */
export async function enterpriseForSeat(trx: Trx, enterpriseNo: string) {
  const enterprise = await enterpriseStatus(trx, enterpriseNo);
  if (!enterprise) throw refuse('企业不存在');
  if (enterprise.status !== 1) throw refuse('企业已停用，不能新增用户');
  return enterprise;
}

/**
 * A new login with its first seat, inside the caller's transaction: the password (already
 * hashed) must be changed at the first login. Refuses a taken username.
 */
export async function insertLogin(
  database: Database,
  trx: Trx,
  input: {
    username: string;
    nickName: string;
    enterpriseNo: string;
    passwordHash: string;
    roleIds: readonly number[];
    mobile?: string;
    email?: string;
    userDesc?: string;
    branchCode?: string;
  },
) {
  const userType = userTypeOfEnterprise(input.enterpriseNo);
  if (await usernameTaken(trx, input.username)) throw refuse('用户名已存在');
  const roles = await rolesFor(trx, input.roleIds, userType);
  const userId = await insertPerson(trx, {
    username: input.username,
    password_hash: input.passwordHash,
    nick_name: input.nickName,
    user_type: userType,
    mobile: input.mobile ?? '',
    email: input.email ?? '',
    user_desc: input.userDesc ?? '',
    branch_code: input.branchCode ?? '',
    must_change_password: true,
  });
  const userNo = await insertSeat(database, trx, userId, input.enterpriseNo, roles.map((r) => r.role_id));
  return { userId, userNo, userType, roleCodes: roles.map((r) => r.role_code) };
}

export async function insertSeat(database: Database, trx: Trx, userId: number, enterpriseNo: string, roleIds: readonly number[]) {
  const userNo = await nextUserNo(database, trx, enterpriseNo);
  await insertSeatRow(trx, userNo, userId, enterpriseNo, roleIds);
  return userNo;
}

/**
 * Who a new seat of `userId` in `enterpriseNo` would put the person across from: the person's
 * other enterprises on the other side of a third-party link with it, as 名称（编号）.
 */
export async function thirdPartyConflicts(trx: Trx, userId: number, enterpriseNo: string): Promise<string[]> {
  const seats = await seatEnterprisesOf(trx, userId);
  const counterparts = await thirdPartyCounterparts(trx, enterpriseNo, [...new Set(seats)]);
  if (counterparts.length === 0) return [];
  return enterpriseLabels(trx, counterparts);
}
