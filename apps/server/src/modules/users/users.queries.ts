import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';
import { isStaffRole } from '../../reference/roles';
import type { AdminScope } from './scope';

/**
 * The reads of user administration. Each takes the caller's scope: with an enterprise it sees
 * that enterprise's seats only (and people only through them).
 */

const iso = (d: Date) => d.toISOString();

export async function rolesOfSeats(db: Kysely<DB>, userNos: readonly string[]) {
  const byUserNo = new Map<string, { roleId: number; roleCode: string; roleName: string }[]>();
  if (userNos.length === 0) return byUserNo;
  const rows = await db
    .selectFrom('user_number_roles as r')
    .innerJoin('roles as ro', 'ro.role_id', 'r.role_id')
    .select(['r.user_no', 'ro.role_id', 'ro.role_code', 'ro.role_name'])
    .where('r.user_no', 'in', userNos)
    .orderBy('ro.role_id')
    .execute();
  for (const r of rows) {
    const list = byUserNo.get(r.user_no) ?? [];
    list.push({ roleId: r.role_id, roleCode: r.role_code, roleName: r.role_name });
    byUserNo.set(r.user_no, list);
  }
  return byUserNo;
}

/**
 * Which of these people also have seats the scope does not cover (another enterprise's): an
 * enterprise administrator may act on their seats here, never on the person as a whole.
 */
export async function peopleWithSeatsElsewhere(db: Kysely<DB>, scope: AdminScope, userIds: readonly number[]): Promise<Set<number>> {
  if (!scope.enterpriseNo || userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_numbers')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...new Set(userIds)])
    .where('enterprise_no', '<>', scope.enterpriseNo)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function listSeats(
  db: Kysely<DB>,
  scope: AdminScope,
  query: { page: number; limit: number; username?: string; nickName?: string; enterpriseNo?: string },
) {
  let base = db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no');
  if (scope.enterpriseNo) base = base.where('n.enterprise_no', '=', scope.enterpriseNo);
  if (query.username) base = base.where('u.username', 'ilike', containsPattern(query.username));
  if (query.nickName) base = base.where('u.nick_name', 'ilike', containsPattern(query.nickName));
  if (query.enterpriseNo) base = base.where('n.enterprise_no', 'ilike', containsPattern(query.enterpriseNo));

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['n.user_no', 'n.enterprise_no', 'n.status as seat_status', 'n.created_at', 'e.enterprise_name'])
    .select(['u.user_id', 'u.username', 'u.nick_name', 'u.user_type', 'u.status', 'u.mobile', 'u.email', 'u.must_change_password'])
    .orderBy('n.user_no')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const roles = await rolesOfSeats(db, rows.map((r) => r.user_no));
  const shared = await peopleWithSeatsElsewhere(db, scope, rows.map((r) => r.user_id));
  return {
    total: Number(total),
    records: rows.map((r) => ({
      userId: r.user_id,
      userNo: r.user_no,
      username: r.username,
      nickName: r.nick_name,
      userType: r.user_type,
      enterpriseNo: r.enterprise_no,
      enterpriseName: r.enterprise_name,
      status: r.status,
      seatStatus: r.seat_status,
      mobile: r.mobile,
      email: r.email,
      mustChangePassword: r.must_change_password,
      roles: roles.get(r.user_no) ?? [],
      createdAt: iso(r.created_at),
      seatsElsewhere: shared.has(r.user_id),
    })),
  };
}

/** Every active seat of an active person in an enterprise in service (spec §3 "Transfer list user"). */
export async function allSeats(db: Kysely<DB>, scope: AdminScope, enterpriseNo?: string) {
  let query = db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['n.user_no', 'u.nick_name', 'u.username', 'u.user_id', 'n.enterprise_no', 'e.enterprise_name'])
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where('e.status', '=', 1);
  if (scope.enterpriseNo) query = query.where('n.enterprise_no', '=', scope.enterpriseNo);
  if (enterpriseNo) query = query.where('n.enterprise_no', '=', enterpriseNo);
  const rows = await query.orderBy('n.user_no').execute();
  return rows.map((r) => ({
    userNo: r.user_no,
    userName: r.nick_name,
    username: r.username,
    userId: r.user_id,
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
  }));
}

/** A seat the scope can see, with its person's id and type. */
export async function findSeat(db: Kysely<DB>, scope: AdminScope, userNo: string) {
  let query = db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .select(['n.user_no', 'n.user_id', 'n.enterprise_no', 'n.status', 'u.username', 'u.user_type'])
    .where('n.user_no', '=', userNo);
  if (scope.enterpriseNo) query = query.where('n.enterprise_no', '=', scope.enterpriseNo);
  return query.executeTakeFirst();
}

/** A person the scope can see (one with a seat in it), or undefined. */
/** A person's fields an edit (`user/update`) sets, as the operation names them: the before of an edit and of its held change. */
export const profileOf = (u: Selectable<DB['users']>) => ({
  nickName: u.nick_name,
  mobile: u.mobile,
  email: u.email,
  userDesc: u.user_desc,
  branchCode: u.branch_code,
  status: u.status,
});

export async function findUser(db: Kysely<DB>, scope: AdminScope, userId: number) {
  let query = db.selectFrom('users').selectAll().where('user_id', '=', userId);
  if (scope.enterpriseNo) {
    const inScope = db.selectFrom('user_numbers').select('user_id').where('enterprise_no', '=', scope.enterpriseNo);
    query = query.where('user_id', 'in', inScope);
  }
  return query.executeTakeFirst();
}

export async function userDetail(db: Kysely<DB>, scope: AdminScope, userId: number) {
  const user = await findUser(db, scope, userId);
  if (!user) return undefined;
  let seatQuery = db
    .selectFrom('user_numbers as n')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['n.user_no', 'n.enterprise_no', 'n.status', 'e.enterprise_name'])
    .where('n.user_id', '=', userId);
  if (scope.enterpriseNo) seatQuery = seatQuery.where('n.enterprise_no', '=', scope.enterpriseNo);
  const seats = await seatQuery.orderBy('n.user_no').execute();
  const roles = await rolesOfSeats(db, seats.map((s) => s.user_no));
  const shared = await peopleWithSeatsElsewhere(db, scope, [userId]);
  return {
    userId: user.user_id,
    username: user.username,
    nickName: user.nick_name,
    userType: user.user_type,
    mobile: user.mobile,
    email: user.email,
    userDesc: user.user_desc,
    branchCode: user.branch_code,
    status: user.status,
    mustChangePassword: user.must_change_password,
    createdAt: iso(user.created_at),
    updatedAt: iso(user.updated_at),
    seatsElsewhere: shared.has(userId),
    seats: seats.map((s) => ({
      userNo: s.user_no,
      enterpriseNo: s.enterprise_no,
      enterpriseName: s.enterprise_name,
      status: s.status,
      roles: roles.get(s.user_no) ?? [],
    })),
  };
}

/** The roles with their authorities and their members the scope can see; an enterprise's scope sees the customer roles only. */
export async function rolesWithMembers(db: Kysely<DB>, scope: AdminScope) {
  const all = await db.selectFrom('roles').select(['role_id', 'role_code', 'role_name']).orderBy('role_id').execute();
  const roles = scope.enterpriseNo ? all.filter((r) => !isStaffRole(r.role_code)) : all;
  const authorities = await db.selectFrom('role_authorities').select(['role_id', 'authority']).orderBy('authority').execute();
  let members = db.selectFrom('user_number_roles as r').innerJoin('user_numbers as n', 'n.user_no', 'r.user_no').select(['r.role_id', 'r.user_no']);
  if (scope.enterpriseNo) members = members.where('n.enterprise_no', '=', scope.enterpriseNo);
  const memberRows = await members.orderBy('r.user_no').execute();
  return roles.map((r) => ({
    roleId: r.role_id,
    roleCode: r.role_code,
    roleName: r.role_name,
    userType: isStaffRole(r.role_code) ? ('staff' as const) : ('customer' as const),
    authorities: authorities.filter((a) => a.role_id === r.role_id).map((a) => a.authority),
    userNos: memberRows.filter((m) => m.role_id === r.role_id).map((m) => m.user_no),
  }));
}

/** A seat's roles and the authorities they give, with the catalogue's descriptions. */
export async function seatAuthorities(db: Kysely<DB>, userNo: string) {
  const roles = (await rolesOfSeats(db, [userNo])).get(userNo) ?? [];
  const authorities = await db
    .selectFrom('user_number_roles as r')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'r.role_id')
    .innerJoin('authorities as a', 'a.authority', 'ra.authority')
    .select(['a.authority', 'a.description'])
    .distinct()
    .where('r.user_no', '=', userNo)
    .orderBy('a.authority')
    .execute();
  return { userNo, roles, authorities };
}

/**
 * Spec §7 `userUnlock/queryLockUser`: people with a lock on record whom the scope sees, latest
 * first: their own (every unknown device) or one device's, known or not, whichever is latest.
 */
export async function lockedPeople(db: Kysely<DB>, scope: AdminScope) {
  const locks = db
    .selectFrom('users')
    .select(['user_id', 'failed_attempts', 'locked_at'])
    .where('locked_at', 'is not', null)
    .unionAll(db.selectFrom('login_devices').select(['user_id', 'failed_attempts', 'locked_at']).where('locked_at', 'is not', null))
    .unionAll(db.selectFrom('unknown_device_failures').select(['user_id', 'failed_attempts', 'locked_at']).where('locked_at', 'is not', null));
  let query = db
    .selectFrom(locks.as('l'))
    .innerJoin('users as u', 'u.user_id', 'l.user_id')
    .select(['u.user_id', 'u.username', 'u.nick_name', 'l.failed_attempts', 'l.locked_at']);
  if (scope.enterpriseNo) query = query.where('u.user_id', 'in', db.selectFrom('user_numbers').select('user_id').where('enterprise_no', '=', scope.enterpriseNo));
  const latest = new Map<number, { userId: number; username: string; nickName: string; failedAttempts: number; lockedAt: string }>();
  for (const r of await query.orderBy('l.locked_at', 'desc').execute()) {
    if (latest.has(r.user_id)) continue;
    latest.set(r.user_id, { userId: r.user_id, username: r.username, nickName: r.nick_name, failedAttempts: r.failed_attempts, lockedAt: (r.locked_at as Date).toISOString() });
  }
  return [...latest.values()];
}

/** The seats holding a role that the scope sees, with their people and enterprises. */
export function roleMembers(db: Kysely<DB>, scope: AdminScope, roleId: number) {
  let members = db
    .selectFrom('user_number_roles as r')
    .innerJoin('user_numbers as n', 'n.user_no', 'r.user_no')
    .select(['r.user_no', 'n.user_id', 'n.enterprise_no'])
    .where('r.role_id', '=', roleId);
  if (scope.enterpriseNo) members = members.where('n.enterprise_no', '=', scope.enterpriseNo);
  return members.execute();
}
