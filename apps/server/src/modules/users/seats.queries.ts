import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/sql-helpers';

/**
 * The writes of user administration (logins, seats and their roles) and the reads they make
 * inside their transactions, whatever the scope: the rules in seats.ts and users.service.ts
 * decide who may make them.
 */

type Trx = Transaction<DB>;

/** The highest user number of the form `prefix` + `serialDigits` digits. */
export async function lastUserNo(trx: Trx, prefix: string, serialDigits: number): Promise<string | undefined> {
  const last = await trx
    .selectFrom('user_numbers')
    .select('user_no')
    .where('user_no', '~', `^${prefix}[0-9]{${serialDigits}}$`)
    .orderBy('user_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.user_no;
}

export function rolesByIds(trx: Trx, roleIds: readonly number[]) {
  return trx.selectFrom('roles').select(['role_id', 'role_code', 'role_name']).where('role_id', 'in', roleIds).execute();
}

export function roleById(db: Kysely<DB>, roleId: number) {
  return db.selectFrom('roles').select(['role_id', 'role_code', 'role_name']).where('role_id', '=', roleId).executeTakeFirst();
}

export function enterpriseStatus(trx: Trx, enterpriseNo: string) {
  return trx.selectFrom('enterprises').select(['enterprise_no', 'status']).where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
}

/** "名称（编号）" of each of these enterprises, by number. */
export async function enterpriseLabels(trx: Trx, enterpriseNos: readonly string[]): Promise<string[]> {
  const names = await trx.selectFrom('enterprises').select(['enterprise_no', 'enterprise_name']).where('enterprise_no', 'in', enterpriseNos).orderBy('enterprise_no').execute();
  return names.map((e) => `${e.enterprise_name}（${e.enterprise_no}）`);
}

/** Case-insensitively. */
export async function usernameTaken(trx: Trx, username: string): Promise<boolean> {
  const row = await trx.selectFrom('users').select('user_id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

export function personType(trx: Trx, userId: number) {
  return trx.selectFrom('users').select(['user_id', 'user_type']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertPerson(trx: Trx, values: Insertable<UsersTable>): Promise<number> {
  const user = await trx.insertInto('users').values(values).returning('user_id').executeTakeFirstOrThrow();
  return user.user_id;
}

export async function updatePerson(trx: Trx, userId: number, values: Updateable<UsersTable>) {
  await trx.updateTable('users').set(values).where('user_id', '=', userId).execute();
}

/**
 * Deletes a person without seats; one named in business records (an instruction's maker, a
 * history entry) is kept, disabled: who did what outlives the login.
 */
export async function deleteOrDisablePerson(trx: Trx, userId: number, now: Date) {
  await sql`savepoint person_delete`.execute(trx);
  try {
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    await sql`rollback to savepoint person_delete`.execute(trx);
    await trx.updateTable('users').set({ status: 0, updated_at: now }).where('user_id', '=', userId).execute();
  }
}

/** The enterprises of every seat of a person. */
export async function seatEnterprisesOf(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_numbers').select('enterprise_no').where('user_id', '=', userId).execute();
  return rows.map((r) => r.enterprise_no);
}

/** The person's seat in the enterprise, if any. */
export function seatIn(trx: Trx, userId: number, enterpriseNo: string) {
  return trx.selectFrom('user_numbers').select('user_no').where('user_id', '=', userId).where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
}

export async function hasSeats(trx: Trx, userId: number): Promise<boolean> {
  return Boolean(await trx.selectFrom('user_numbers').select('user_no').where('user_id', '=', userId).limit(1).executeTakeFirst());
}

async function addSeatRoles(trx: Trx, userNo: string, roleIds: readonly number[]) {
  if (roleIds.length > 0) await trx.insertInto('user_number_roles').values(roleIds.map((role_id) => ({ user_no: userNo, role_id }))).execute();
}

export async function insertSeatRow(trx: Trx, userNo: string, userId: number, enterpriseNo: string, roleIds: readonly number[]) {
  await trx.insertInto('user_numbers').values({ user_no: userNo, user_id: userId, enterprise_no: enterpriseNo }).execute();
  await addSeatRoles(trx, userNo, roleIds);
}

export async function deleteSeatRow(trx: Trx, userNo: string) {
  await trx.deleteFrom('user_numbers').where('user_no', '=', userNo).execute();
}

/** The seat's roles become exactly `roleIds`. */
export async function replaceSeatRoles(trx: Trx, userNo: string, roleIds: readonly number[]) {
  await trx.deleteFrom('user_number_roles').where('user_no', '=', userNo).execute();
  await addSeatRoles(trx, userNo, roleIds);
}

export async function changeRoleMembers(trx: Trx, roleId: number, removed: readonly string[], added: readonly string[]) {
  if (removed.length > 0) await trx.deleteFrom('user_number_roles').where('role_id', '=', roleId).where('user_no', 'in', removed).execute();
  if (added.length > 0) await trx.insertInto('user_number_roles').values(added.map((user_no) => ({ user_no, role_id: roleId }))).execute();
}
