import type { Kysely, Transaction } from 'kysely';
import type { MessageKind } from '@portal/shared';
import type { DB } from '../../db/schema';

/** What a module tells 消息中心: whom (seats, by user number), which kind, and what. */
export interface Notification {
  /** Seats (user numbers); duplicates and unknown seats are ignored. */
  recipients: readonly string[];
  kind: MessageKind;
  title: string;
  body?: string;
  /** A console path the item opens, e.g. `/addedServices/reportCenter/index`. */
  link?: string;
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

/**
 * Writes the notifications in the caller's transaction (so they exist exactly when the event
 * that caused them does), and for each recipient who chose e-mail for this kind, a mail in the
 * outbox, sent after the commit. Returns what to announce after the commit.
 */
export async function notify(trx: Transaction<DB> | Kysely<DB>, n: Notification): Promise<Notified> {
  const seats = [...new Set(n.recipients.filter((r) => typeof r === 'string' && r !== ''))];
  if (seats.length === 0) return { ids: [], userNos: [], mails: 0 };
  const known = await trx.selectFrom('user_numbers').select('user_no').where('user_no', 'in', seats).execute();
  const userNos = known.map((k) => k.user_no);
  if (userNos.length === 0) return { ids: [], userNos: [], mails: 0 };
  const title = n.title.slice(0, TITLE_MAX);
  const body = (n.body ?? '').slice(0, BODY_MAX);
  const rows = await trx
    .insertInto('notifications')
    .values(userNos.map((user_no) => ({ user_no, kind: n.kind, title, body, link: n.link ?? '', ...(n.at ? { created_at: n.at } : {}) })))
    .returning(['id', 'user_no'])
    .execute();
  const mailTo = await trx
    .selectFrom('notification_preferences as p')
    .innerJoin('user_numbers as un', 'un.user_no', 'p.user_no')
    .innerJoin('users as u', 'u.user_id', 'un.user_id')
    .select(['p.user_no', 'u.email'])
    .where('p.user_no', 'in', userNos)
    .where('p.kind', '=', n.kind)
    .where('p.email', '=', true)
    .where('u.email', '<>', '')
    .execute();
  const byUser = new Map(rows.map((r) => [r.user_no, r.id]));
  const mails = mailTo.flatMap((m) => {
    const id = byUser.get(m.user_no);
    return id === undefined ? [] : [{ notification_id: id, to_address: m.email, subject: `【资产托管网银】${title}`, text: mailText(title, body, n.link) }];
  });
  if (mails.length > 0) await trx.insertInto('notification_mails').values(mails).execute();
  return { ids: rows.map((r) => r.id), userNos, mails: mails.length };
}

function mailText(title: string, body: string, link?: string) {
  return [title, '', body, '', link ? `请登录资产托管客户服务网银查看：${link}` : '请登录资产托管客户服务网银查看详情。', '', '此邮件由系统自动发送，请勿回复。'].join('\n');
}
