import { sql, type Kysely } from 'kysely';
import type { Message, MessageKind, MessagePreference } from '@portal/shared';
import { MESSAGE_KINDS } from '@portal/shared';
import type { DB } from '../../db/schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The seat's unread total. */
export async function unreadCount(db: Kysely<DB>, userNo: string) {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_no', '=', userNo).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The seat's notifications, newest first; the seat is always the session's. */
export async function listMessages(db: Kysely<DB>, userNo: string, f: { page: number; limit: number; kind?: MessageKind | undefined; read?: 'read' | 'unread' | undefined }) {
  let q = db.selectFrom('notifications').where('user_no', '=', userNo);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.read === 'read') q = q.where('read_at', 'is not', null);
  if (f.read === 'unread') q = q.where('read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    q.select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    unreadCount(db, userNo),
  ]);
  const records: Message[] = rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, body: r.body, link: r.link, createdAt: iso(r.created_at)!, readAt: iso(r.read_at) }));
  return { records, total: Number(total.n), unread };
}

/** Marks the seat's own notifications read (others' ids are not found); answers how many changed. */
export async function markRead(db: Kysely<DB>, userNo: string, ids: readonly number[] | 'all', now: Date) {
  let q = db.updateTable('notifications').set({ read_at: now }).where('user_no', '=', userNo).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Of the given ids, those that are the seat's own. */
export async function ownIds(db: Kysely<DB>, userNo: string, ids: readonly number[]) {
  const rows = await db.selectFrom('notifications').select('id').where('user_no', '=', userNo).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function preferences(db: Kysely<DB>, userNo: string): Promise<{ email: string; kinds: MessagePreference[] }> {
  const [rows, user] = await Promise.all([
    db.selectFrom('notification_preferences').select(['kind', 'email']).where('user_no', '=', userNo).execute(),
    db.selectFrom('user_numbers as un').innerJoin('users as u', 'u.user_id', 'un.user_id').select('u.email').where('un.user_no', '=', userNo).executeTakeFirst(),
  ]);
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return { email: user?.email ?? '', kinds: MESSAGE_KINDS.map((kind) => ({ kind, email: chosen.get(kind) ?? false })) };
}

export async function savePreferences(db: Kysely<DB>, userNo: string, kinds: readonly MessagePreference[]) {
  await db
    .insertInto('notification_preferences')
    .values(kinds.map((k) => ({ user_no: userNo, kind: k.kind, email: k.email })))
    .onConflict((oc) => oc.columns(['user_no', 'kind']).doUpdateSet({ email: sql`excluded.email` }))
    .execute();
}
