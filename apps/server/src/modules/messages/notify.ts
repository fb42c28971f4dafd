import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { MessageKind } from '@portal/shared';
import type { DB } from '../../db/schema';

/**
 * The seats a notification goes to: user numbers, or a query answering `user_no` for a fan-out
 * (every seat of an audience) so that thousands of seats cost one INSERT … SELECT, not a list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source tables; only the `user_no` column matters
export type Recipients = readonly string[] | SelectQueryBuilder<DB, any, { user_no: string }>;

/** What a module tells 消息中心: whom (seats), which kind, and what. */
export interface Notification {
  /** Seats; duplicates and unknown seats are ignored. */
  recipients: Recipients;
  kind: MessageKind;
  title: string;
  body?: string;
  /** A console path the item opens, e.g. `/addedServices/reportCenter/index`. */
  link?: string;
  /**
   * What it is about, e.g. `riskNotice:12`: a seat is told of one subject once (a repeat is
   * dropped), and the subject's owner can mark its notifications read or remove them.
   */
  subject?: string;
  /** When it happened (the caller's business clock); the database's now() otherwise. */
  at?: Date;
}

/** What `notify` wrote: pass it to `app.messages.announce` once the transaction has committed. */
export interface Notified {
  ids: number[];
  userNos: string[];
  mails: number;
}

const TITLE_MAX = 200;
const BODY_MAX = 2_000;
const NONE: Notified = { ids: [], userNos: [], mails: 0 };

/**
 * Writes the notifications in the caller's transaction (so they exist exactly when the event
 * that caused them does), and for each recipient who chose e-mail for this kind, a mail in the
 * outbox, sent after the commit. Returns what to announce after the commit.
 */
export async function notify(trx: Transaction<DB> | Kysely<DB>, n: Notification): Promise<Notified> {
  let seats;
  if (isList(n.recipients)) {
    const list = [...new Set(n.recipients.filter((r) => typeof r === 'string' && r !== ''))];
    if (list.length === 0) return NONE;
    seats = sql`select user_no from user_numbers where user_no = any(${list}::text[])`;
  } else {
    seats = sql`select distinct s.user_no from (${n.recipients}) s`;
  }
  const title = n.title.slice(0, TITLE_MAX);
  const body = (n.body ?? '').slice(0, BODY_MAX);
  const link = n.link ?? '';
  const inserted = await sql<{ id: number; user_no: string }>`
    insert into notifications (user_no, kind, title, body, link, subject, created_at)
    select s.user_no, ${n.kind}, ${title}, ${body}, ${link}, ${n.subject ?? null}, coalesce(${n.at ?? null}::timestamptz, now()) from (${seats}) s
    on conflict (subject, user_no) where subject is not null do nothing
    returning id, user_no`.execute(trx);
  const rows = inserted.rows;
  if (rows.length === 0) return NONE;
  const ids = rows.map((r) => r.id);
  const mails = await sql`
    insert into notification_mails (notification_id, to_address, subject, text)
    select n.id, u.email, ${`【资产托管网银】${title}`}, ${mailText(title, body, n.link)}
    from notifications n
    join notification_preferences p on p.user_no = n.user_no and p.kind = n.kind and p.email
    join user_numbers un on un.user_no = n.user_no
    join users u on u.user_id = un.user_id and u.email <> ''
    where n.id = any(${ids}::int[])`.execute(trx);
  return { ids, userNos: rows.map((r) => r.user_no), mails: Number(mails.numAffectedRows ?? 0) };
}

const isList = (r: Recipients): r is readonly string[] => Array.isArray(r);

/** Marks the seat's notifications about `subjects` read (they were read where they live); answers how many changed. */
export async function markSubjectsRead(db: Transaction<DB> | Kysely<DB>, userNo: string, subjects: readonly string[], at: Date) {
  if (subjects.length === 0) return 0;
  const r = await db.updateTable('notifications').set({ read_at: at }).where('user_no', '=', userNo).where('subject', 'in', subjects).where('read_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Removes every seat's notifications about `subject` (it no longer exists for its readers). */
export async function withdrawSubject(trx: Transaction<DB> | Kysely<DB>, subject: string) {
  await trx.deleteFrom('notifications').where('subject', '=', subject).execute();
}

function mailText(title: string, body: string, link?: string) {
  return [title, '', body, '', link ? `请登录资产托管客户服务网银查看：${link}` : '请登录资产托管客户服务网银查看详情。', '', '此邮件由系统自动发送，请勿回复。'].join('\n');
}

/**
 * The active seats of `enterpriseNos` whose roles grant `authority` (any of them when several):
 * the recipients of an event that concerns an enterprise's readers of one kind of thing.
 */
export const seatsWithAuthority = (db: Kysely<DB>, enterpriseNos: readonly string[], authority: string | readonly string[]) =>
  db
    .selectFrom('user_numbers as un')
    .where('un.enterprise_no', 'in', enterpriseNos.length > 0 ? enterpriseNos : [''])
    .where('un.status', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_number_roles as ur')
          .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
          .whereRef('ur.user_no', '=', 'un.user_no')
          .where('ra.authority', 'in', typeof authority === 'string' ? [authority] : authority)
          .select(sql`1`.as('one')),
      ),
    )
    .select('un.user_no');
