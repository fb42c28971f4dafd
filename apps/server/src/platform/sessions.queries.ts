import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, SessionsTable } from '../db/schema';

/**
 * The sessions table (platform's own): a session is live while not revoked, not past
 * `expires_at`, and seen after `idleSince`.
 */

/**
 * A new session for a seat, ending its live ones on the same channel: one statement (the update
 * as a data-modifying CTE), so both happen or neither, in one round trip instead of a
 * transaction's four.
 */
export async function startSession(db: Kysely<DB>, row: Insertable<SessionsTable> & { user_no: string; channel: 'web' | 'mobile'; created_at: Date }) {
  await db
    .with('ended', (qb) =>
      qb
        .updateTable('sessions')
        .set({ revoked_at: row.created_at })
        .where('user_no', '=', row.user_no)
        .where('channel', '=', row.channel)
        .where('revoked_at', 'is', null)
        .returning('token_hash'),
    )
    .insertInto('sessions')
    .values(row)
    .execute();
}

export async function touchSession(db: Kysely<DB>, tokenHash: string, at: Date) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', tokenHash).execute();
}

export async function countLiveSessions(db: Kysely<DB>, now: Date, idleSince: Date): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these sessions are live, on an active seat of an active person in an enterprise in service; read 1,000 at a time. */
export async function liveSessionHashes(db: Kysely<DB>, tokenHashes: readonly string[], now: Date, idleSince: Date): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < tokenHashes.length; i += 1_000) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.user_id', 's.user_id')
      .innerJoin('user_numbers as n', 'n.user_no', 's.user_no')
      .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
      .select('s.token_hash')
      .where('s.token_hash', 'in', tokenHashes.slice(i, i + 1_000))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', idleSince)
      .where('u.status', '=', 1)
      .where('n.status', '=', 1)
      .where('e.status', '=', 1)
      .execute();
    for (const row of rows) live.add(row.token_hash);
  }
  return live;
}

/** A session with its person, seat and enterprise (and their statuses) and the seat's authorities. */
export function sessionWithSeat(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .innerJoin('user_numbers as n', 'n.user_no', 's.user_no')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['s.token_hash', 's.user_id', 's.user_no', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
    .select(['u.username', 'u.user_type', 'u.status as user_status', 'n.enterprise_no', 'n.status as seat_status', 'e.status as enterprise_status'])
    .select((eb) =>
      eb
        .selectFrom('user_number_roles as r')
        .innerJoin('role_authorities as a', 'a.role_id', 'r.role_id')
        .whereRef('r.user_no', '=', 's.user_no')
        .select(sql<string[]>`coalesce(array_agg(distinct a.authority), '{}')`.as('authorities'))
        .as('authorities'),
    )
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The key that signed a session's login, and its certificate, while the session is not revoked. */
export function sessionSigningKey(db: Kysely<DB>, tokenHash: string) {
  return db.selectFrom('sessions').select(['device_key', 'cert_serial']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function revokeSession(db: Kysely<DB>, tokenHash: string, at: Date) {
  await db.updateTable('sessions').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

/** Every live session of a person but `except` (a token hash). */
export async function revokePersonSessions(db: Kysely<DB>, userId: number, at: Date, except?: string) {
  let query = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (except) query = query.where('token_hash', '!=', except);
  await query.execute();
}

export async function revokeSeatSessions(db: Kysely<DB>, userNo: string, at: Date) {
  await db.updateTable('sessions').set({ revoked_at: at }).where('user_no', '=', userNo).where('revoked_at', 'is', null).execute();
}

/** Every live session on the seats of an enterprise. */
export async function revokeEnterpriseSessions(db: Kysely<DB>, enterpriseNo: string, at: Date) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_no', 'in', db.selectFrom('user_numbers').select('user_no').where('enterprise_no', '=', enterpriseNo))
    .where('revoked_at', 'is', null)
    .execute();
}
