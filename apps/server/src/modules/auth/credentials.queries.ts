import { sql, type Kysely, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { DB, User } from '../../db/schema';

/**
 * Passwords and their lockout counters: a user's own (users: the sum over unknown devices), those
 * of the device keys the user has logged in with before (login_devices) and those of other device
 * keys (unknown_device_failures).
 */

export function userByName(db: Kysely<DB>, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/**
 * The device's counter: its login_devices row when the user has logged in with it, else its
 * unknown_device_failures row, if any (both read in one round trip).
 */
export async function deviceCounterRow(db: Kysely<DB>, userId: number, deviceKey: string) {
  const rows = await db
    .selectFrom('login_devices')
    .select([sql<boolean>`true`.as('known'), 'failed_attempts', 'locked_at'])
    .where('user_id', '=', userId)
    .where('device_key', '=', deviceKey)
    .unionAll((eb) =>
      eb
        .selectFrom('unknown_device_failures')
        .select([sql<boolean>`false`.as('known'), 'failed_attempts', 'locked_at'])
        .where('user_id', '=', userId)
        .where('device_key', '=', deviceKey),
    )
    .execute();
  const row = rows.find((r) => r.known) ?? rows[0];
  return { known: row?.known ?? false, failed_attempts: row?.failed_attempts ?? 0, locked_at: row?.locked_at ?? null };
}

/** The writes of one lockout counter; `currentLock` reads its lock again after a concurrent write. */
export interface CounterWrites {
  /** Back to 0; with `ifLockedAt`, only if that lock (one that ran out) is still the one set. */
  reset(ifLockedAt?: Date): Promise<void>;
  /** One more failure; null when a lock got there first. */
  increment(): Promise<number | null>;
  /** True when this call set the lock. */
  lock(at: Date): Promise<boolean>;
  currentLock(): Promise<Date | null>;
}

/**
 * The writes of the user's own counter, or with `deviceKey` those of that known device's
 * login_devices row. Both tables hold the same `failed_attempts` and `locked_at` columns.
 */
export function counterWrites(db: Kysely<DB>, userId: number, deviceKey?: string): CounterWrites {
  // The two builders differ only in their table; the columns written are the same on both.
  const row = () =>
    (deviceKey === undefined
      ? db.updateTable('users').where('user_id', '=', userId)
      : db.updateTable('login_devices').where('user_id', '=', userId).where('device_key', '=', deviceKey)) as unknown as UpdateQueryBuilder<DB, 'users', 'users', UpdateResult>;
  return {
    reset: async (ifLockedAt) => {
      await (ifLockedAt ? row().where('locked_at', '=', ifLockedAt) : row()).set({ failed_attempts: 0, locked_at: null }).execute();
    },
    increment: async () =>
      (
        await row()
          .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
          .where('locked_at', 'is', null)
          .returning('failed_attempts')
          .executeTakeFirst()
      )?.failed_attempts ?? null,
    lock: async (at) => Boolean(await row().set({ locked_at: at }).where('locked_at', 'is', null).returning('user_id').executeTakeFirst()),
    currentLock: async () => {
      const found = deviceKey
        ? await db.selectFrom('login_devices').select('locked_at').where('user_id', '=', userId).where('device_key', '=', deviceKey).executeTakeFirst()
        : await db.selectFrom('users').select('locked_at').where('user_id', '=', userId).executeTakeFirst();
      return found?.locked_at ?? null;
    },
  };
}

/** The writes of an unknown device's counter: its row comes with its first failure and goes with a reset. */
export function unknownDeviceWrites(db: Kysely<DB>, userId: number, deviceKey: string): CounterWrites {
  const row = () => db.deleteFrom('unknown_device_failures').where('user_id', '=', userId).where('device_key', '=', deviceKey);
  return {
    reset: async (ifLockedAt) => {
      await (ifLockedAt ? row().where('locked_at', '=', ifLockedAt) : row()).execute();
    },
    increment: async () =>
      (
        await db
          .insertInto('unknown_device_failures')
          .values({ user_id: userId, device_key: deviceKey, failed_attempts: 1 })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'device_key'])
              .doUpdateSet((eb) => ({ failed_attempts: eb('unknown_device_failures.failed_attempts', '+', 1) }))
              .where('unknown_device_failures.locked_at', 'is', null),
          )
          .returning('failed_attempts')
          .executeTakeFirst()
      )?.failed_attempts ?? null,
    lock: async (at) =>
      Boolean(
        await db
          .updateTable('unknown_device_failures')
          .set({ locked_at: at })
          .where('user_id', '=', userId)
          .where('device_key', '=', deviceKey)
          .where('locked_at', 'is', null)
          .returning('user_id')
          .executeTakeFirst(),
      ),
    currentLock: async () =>
      (await db.selectFrom('unknown_device_failures').select('locked_at').where('user_id', '=', userId).where('device_key', '=', deviceKey).executeTakeFirst())
        ?.locked_at ?? null,
  };
}

/**
 * Drops a user's unknown-device rows that hold no lock in force (none ran out before
 * `locksEndedBefore`; null: locks never run out): once every unknown device is locked their
 * counts matter no more, and a stranger's ever new keys leave no rows behind.
 */
export async function pruneUnknownDevices(db: Kysely<DB>, userId: number, locksEndedBefore: Date | null): Promise<void> {
  await db
    .deleteFrom('unknown_device_failures')
    .where('user_id', '=', userId)
    .where((eb) => (locksEndedBefore ? eb.or([eb('locked_at', 'is', null), eb('locked_at', '<=', locksEndedBefore)]) : eb('locked_at', 'is', null)))
    .execute();
}

/** The `depth` latest earlier password hashes of a user. */
export async function earlierPasswordHashes(db: Kysely<DB>, userId: number, depth: number): Promise<string[]> {
  const history = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('changed_at', 'desc')
    .orderBy('history_id', 'desc')
    .limit(depth)
    .execute();
  return history.map((h) => h.password_hash);
}

/** A new password hash; the old one goes to the history, which keeps `depth` entries. The count of failures starts again. */
export async function writePassword(trx: Transaction<DB>, user: User, hash: string, now: Date, depth: number, mustChange: boolean) {
  await trx.insertInto('password_history').values({ user_id: user.user_id, password_hash: user.password_hash, changed_at: now }).execute();
  const keep = trx
    .selectFrom('password_history')
    .select('history_id')
    .where('user_id', '=', user.user_id)
    .orderBy('changed_at', 'desc')
    .orderBy('history_id', 'desc')
    .limit(depth);
  await trx.deleteFrom('password_history').where('user_id', '=', user.user_id).where('history_id', 'not in', keep).execute();
  await trx
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: now, must_change_password: mustChange, failed_attempts: 0, updated_at: now })
    .where('user_id', '=', user.user_id)
    .execute();
}

/** The locks set after `since`: users' own, then their known and unknown devices', with the person. */
export async function locksSince(db: Kysely<DB>, since: Date) {
  const users = await db
    .selectFrom('users')
    .select(['user_id', 'username', 'nick_name', 'failed_attempts', 'locked_at'])
    .where('locked_at', '>', since)
    .execute();
  const devices = await db
    .selectFrom('login_devices as d')
    .innerJoin('users as u', 'u.user_id', 'd.user_id')
    .select(['u.user_id', 'u.username', 'u.nick_name', 'd.failed_attempts', 'd.locked_at'])
    .where('d.locked_at', '>', since)
    .execute();
  const unknown = await db
    .selectFrom('unknown_device_failures as d')
    .innerJoin('users as u', 'u.user_id', 'd.user_id')
    .select(['u.user_id', 'u.username', 'u.nick_name', 'd.failed_attempts', 'd.locked_at'])
    .where('d.locked_at', '>', since)
    .execute();
  return [...users, ...devices, ...unknown];
}

/** Clears the locks set after `since` of the user and of all their devices, known or not; false when there was none. */
export async function clearLocksSince(db: Kysely<DB>, userId: number, since: Date, now: Date): Promise<boolean> {
  const user = await db
    .updateTable('users')
    .set({ locked_at: null, failed_attempts: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('locked_at', '>', since)
    .returning('user_id')
    .executeTakeFirst();
  const devices = await db
    .updateTable('login_devices')
    .set({ locked_at: null, failed_attempts: 0 })
    .where('user_id', '=', userId)
    .where('locked_at', '>', since)
    .returning('device_key')
    .execute();
  const unknown = await db.deleteFrom('unknown_device_failures').where('user_id', '=', userId).where('locked_at', '>', since).returning('device_key').execute();
  return Boolean(user) || devices.length > 0 || unknown.length > 0;
}
