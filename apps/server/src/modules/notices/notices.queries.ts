import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { CustomerNotice, NoticeReader, OperationParsed, StaffNotice, noticesApi } from '@portal/shared';
import type { DB, RiskNoticeReadsTable, RiskNoticesTable } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

/**
 * The reads of risk notices. A customer's read takes the seat's enterprise and user number as
 * arguments: it sees published notices addressed to every customer or to its enterprise, never a
 * draft or a withdrawn one. Staff reads see every notice.
 */

export interface Reader {
  enterpriseNo: string;
  userNo: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Published and addressed to the reader's enterprise. */
const visibleTo = (enterpriseNo: string) =>
  sql<SqlBool>`n.status = 'published' and (n.audience = 'all' or exists (select 1 from risk_notice_enterprises ne where ne.notice_id = n.id and ne.enterprise_no = ${enterpriseNo}))`;

const customerBase = (db: Kysely<DB>, reader: Reader) =>
  db
    .selectFrom('risk_notices as n')
    .leftJoin('risk_notice_reads as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_no', '=', reader.userNo))
    .where(visibleTo(reader.enterpriseNo));

/**
 * Unread: the seat has no receipt and the notice has not expired (an expired notice asks nobody
 * to read it any more). The one definition behind each row's 未读, the 未读 filter, the bell and
 * RiskCount, so they cannot disagree.
 */
const unread = (now: Date) => sql<boolean>`(r.notice_id is null and n.expire_at > ${now})`;

const unreadOf = (db: Kysely<DB>, reader: Reader, now: Date) =>
  customerBase(db, reader)
    .where(unread(now))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

function toCustomer(row: { id: number; title: string; level: string; published_at: Date | null; expire_at: Date; read_at: Date | null; unread: boolean }, now: Date): CustomerNotice {
  return {
    id: row.id,
    title: row.title,
    level: row.level,
    publishedAt: iso(row.published_at!),
    expireAt: iso(row.expire_at),
    expired: new Date(row.expire_at) <= now,
    readAt: row.read_at ? iso(row.read_at) : null,
    unread: row.unread,
  };
}

const customerColumns = (now: Date) => ['n.id', 'n.title', 'n.level', 'n.published_at', 'n.expire_at', 'r.read_at', unread(now).as('unread')] as const;

export async function listForReader(db: Kysely<DB>, reader: Reader, f: OperationParsed<typeof noticesApi.noticeQuery>, now: Date) {
  let q = customerBase(db, reader);
  if (f.title) q = q.where('n.title', 'ilike', containsPattern(f.title));
  if (f.level) q = q.where('n.level', '=', f.level);
  if (f.read === 'read') q = q.where('r.notice_id', 'is not', null);
  if (f.read === 'unread') q = q.where(unread(now));
  const [rows, total, unreadCount] = await Promise.all([
    q
      .select(customerColumns(now))
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    unreadOf(db, reader, now),
  ]);
  return { records: rows.map((r) => toCustomer(r, now)), total: Number(total.n), unread: unreadCount };
}

/** One notice the reader may see, with its body; undefined when it may not. */
export async function findForReader(db: Kysely<DB>, reader: Reader, id: number, now: Date) {
  const row = await customerBase(db, reader).where('n.id', '=', id).select([...customerColumns(now), 'n.body']).executeTakeFirst();
  return row && { ...toCustomer(row, now), body: row.body };
}

/** Which of `ids` the reader may see. */
export async function visibleIds(db: Kysely<DB>, reader: Reader, ids: readonly number[] | 'all'): Promise<number[]> {
  let q = db.selectFrom('risk_notices as n').where(visibleTo(reader.enterpriseNo)).select('n.id');
  if (ids !== 'all') q = q.where('n.id', 'in', ids);
  return (await q.execute()).map((r) => r.id);
}

/** RiskCount: unread, unexpired, published notices addressed to the seat's enterprise. */
export async function homeCounts(db: Kysely<DB>, scope: Reader & { authorities: readonly string[] }, now: Date) {
  const counts: { RiskCount?: number; noticeDraftCount?: number } = {};
  if (scope.authorities.includes('RISK_VIEW')) counts.RiskCount = await unreadOf(db, scope, now);
  if (scope.authorities.includes('RISK_PUBLISH')) {
    const drafts = await db.selectFrom('risk_notices').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'draft').executeTakeFirstOrThrow();
    counts.noticeDraftCount = Number(drafts.n);
  }
  return counts;
}

/** The urgent notices the seat has not acknowledged yet, oldest first (the dialog shows them in turn). */
export async function unreadUrgent(db: Kysely<DB>, reader: Reader, now: Date, level: string) {
  const rows = await customerBase(db, reader)
    .where(unread(now))
    .where('n.level', '=', level)
    .select('n.id')
    .orderBy('n.published_at')
    .execute();
  return rows.map((r) => r.id);
}

/** Customer seats that may read notices (RISK_VIEW through a role) and are active. */
const readingSeat = (userNo: Expression<string>) =>
  sql<SqlBool>`exists (select 1 from user_number_roles ur join role_authorities ra on ra.role_id = ur.role_id where ur.user_no = ${userNo} and ra.authority = 'RISK_VIEW')`;

/** The seats a notice addresses: every active reading seat of its enterprises (all customers, or the chosen). */
export const audienceSeats = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('user_numbers as un')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'un.enterprise_no')
    .innerJoin('users as u', 'u.user_id', 'un.user_id')
    .innerJoin('risk_notices as n', (j) => j.on('n.id', '=', id))
    .where('e.enterprise_type', '<>', 'bank')
    .where('un.status', '=', 1)
    .where(readingSeat(sql.ref('un.user_no')))
    .where(sql<SqlBool>`(n.audience = 'all' or exists (select 1 from risk_notice_enterprises ne where ne.notice_id = n.id and ne.enterprise_no = un.enterprise_no))`);

/** The audience's seats with their receipt of notice `id`, plus seats that read it and have since left the audience. */
const seatsOf = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('user_numbers as un')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'un.enterprise_no')
    .innerJoin('users as u', 'u.user_id', 'un.user_id')
    .leftJoin('risk_notice_reads as r', (j) => j.onRef('r.user_no', '=', 'un.user_no').on('r.notice_id', '=', id))
    .where((eb) => eb.or([eb('r.notice_id', 'is not', null), eb('un.user_no', 'in', audienceSeats(db, id).select('un.user_no'))]));

/** How many seats notice `id` addresses and how many have read it. */
async function readingFigures(db: Kysely<DB>, id: number) {
  const figures = await seatsOf(db, id)
    .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>('r.notice_id').as('read')])
    .executeTakeFirstOrThrow();
  return { audienceCount: Number(figures.all), readCount: Number(figures.read) };
}

/** Every reader of the audience with when they read it, paged, with the reading figures. */
export async function readers(db: Kysely<DB>, f: OperationParsed<typeof noticesApi.noticeReaders>) {
  let q = seatsOf(db, f.id);
  if (f.read === 'read') q = q.where('r.notice_id', 'is not', null);
  if (f.read === 'unread') q = q.where('r.notice_id', 'is', null);
  const [rows, total, figures] = await Promise.all([
    q
      .select(['un.enterprise_no', 'e.enterprise_name', 'un.user_no', 'u.nick_name', 'r.read_at'])
      .orderBy('un.enterprise_no')
      .orderBy('un.user_no')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    readingFigures(db, f.id),
  ]);
  const records: NoticeReader[] = rows.map((r) => ({
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
    userNo: r.user_no,
    nickName: r.nick_name,
    readAt: r.read_at ? iso(r.read_at) : null,
  }));
  return { records, total: Number(total.n), ...figures };
}

/** Whether notice `id` exists (any status). */
export const noticeExists = async (db: Kysely<DB>, id: number) => (await db.selectFrom('risk_notices').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

const staffBase = (db: Kysely<DB>) => db.selectFrom('risk_notices as n').innerJoin('users as c', 'c.user_id', 'n.created_by_user_id');

const STAFF_COLUMNS = [
  'n.id',
  'n.title',
  'n.level',
  'n.status',
  'n.audience',
  'n.expire_at',
  'n.published_at',
  'n.withdrawn_at',
  'n.withdraw_reason',
  'n.version',
  'c.nick_name as created_by',
  'n.created_at',
  'n.updated_at',
] as const;

type StaffRow = {
  id: number;
  title: string;
  level: string;
  status: string;
  audience: 'all' | 'chosen';
  expire_at: Date;
  published_at: Date | null;
  withdrawn_at: Date | null;
  withdraw_reason: string | null;
  version: number;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

/** Rows as staff see them, with their chosen enterprises and reading figures. */
async function toStaff(db: Kysely<DB>, rows: StaffRow[], now: Date): Promise<StaffNotice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [enterprises, figures] = await Promise.all([
    db
      .selectFrom('risk_notice_enterprises as ne')
      .innerJoin('enterprises as e', 'e.enterprise_no', 'ne.enterprise_no')
      .where('ne.notice_id', 'in', ids)
      .select(['ne.notice_id', 'e.enterprise_no', 'e.enterprise_name'])
      .orderBy('e.enterprise_no')
      .execute(),
    Promise.all(ids.map((id) => readingFigures(db, id).then((r) => [id, r] as const))),
  ]);
  const figuresOf = new Map(figures);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    level: r.level,
    status: r.status,
    audience: r.audience,
    enterprises: enterprises.filter((e) => e.notice_id === r.id).map((e) => ({ enterpriseNo: e.enterprise_no, enterpriseName: e.enterprise_name })),
    expireAt: iso(r.expire_at),
    expired: new Date(r.expire_at) <= now,
    publishedAt: r.published_at ? iso(r.published_at) : null,
    withdrawnAt: r.withdrawn_at ? iso(r.withdrawn_at) : null,
    withdrawReason: r.withdraw_reason,
    audienceCount: figuresOf.get(r.id)!.audienceCount,
    readCount: figuresOf.get(r.id)!.readCount,
    version: r.version,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** Newest first: drafts (not published yet, latest change first) on top, then by publishing time. */
export async function listForStaff(db: Kysely<DB>, f: OperationParsed<typeof noticesApi.noticeStaffQuery>, now: Date) {
  let q = staffBase(db);
  if (f.title) q = q.where('n.title', 'ilike', containsPattern(f.title));
  if (f.level) q = q.where('n.level', '=', f.level);
  if (f.status) q = q.where('n.status', '=', f.status);
  const [rows, total] = await Promise.all([
    q
      .select(STAFF_COLUMNS)
      .orderBy('n.published_at', (ob) => ob.desc().nullsFirst())
      .orderBy('n.updated_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: await toStaff(db, rows, now), total: Number(total.n) };
}

export async function findForStaff(db: Kysely<DB>, id: number, now: Date) {
  const row = await staffBase(db).where('n.id', '=', id).select([...STAFF_COLUMNS, 'n.body']).executeTakeFirst();
  if (!row) return undefined;
  const [notice] = await toStaff(db, [row], now);
  return { ...notice!, body: row.body };
}

/** Active customer enterprises, for the audience picker. */
export const customerEnterprises = (db: Kysely<DB>) =>
  db
    .selectFrom('enterprises')
    .where('enterprise_type', '<>', 'bank')
    .where('status', '=', 1)
    .select(['enterprise_no as enterpriseNo', 'enterprise_name as enterpriseName'])
    .orderBy('enterprise_no')
    .execute();

/** Which of `enterpriseNos` are customer enterprises (any status). */
export async function customerEnterpriseNos(trx: Transaction<DB>, enterpriseNos: readonly string[]) {
  const found = await trx.selectFrom('enterprises').select('enterprise_no').where('enterprise_no', 'in', enterpriseNos).where('enterprise_type', '<>', 'bank').execute();
  return found.map((e) => e.enterprise_no);
}

/** Locks notice `id` for one change. */
export function lockNotice(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('risk_notices').select(['id', 'status', 'version', 'level', 'audience', 'expire_at', 'title']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertNotice(trx: Transaction<DB>, values: Insertable<RiskNoticesTable>) {
  const { id } = await trx.insertInto('risk_notices').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateNotice(trx: Transaction<DB>, id: number, values: Updateable<RiskNoticesTable>) {
  await trx.updateTable('risk_notices').set(values).where('id', '=', id).execute();
}

/** Replaces the enterprises notice `id` is addressed to. */
export async function replaceAudience(trx: Transaction<DB>, id: number, enterpriseNos: readonly string[]) {
  await trx.deleteFrom('risk_notice_enterprises').where('notice_id', '=', id).execute();
  if (enterpriseNos.length > 0) await trx.insertInto('risk_notice_enterprises').values(enterpriseNos.map((enterprise_no) => ({ notice_id: id, enterprise_no }))).execute();
}

/** The enterprises notice `id` is addressed to (none when it addresses every customer). */
export async function audienceEnterpriseNos(trx: Transaction<DB>, id: number) {
  const chosen = await trx.selectFrom('risk_notice_enterprises').select('enterprise_no').where('notice_id', '=', id).execute();
  return chosen.map((e) => e.enterprise_no);
}

/** Records read receipts, keeping any the seat already has; answers how many are new. */
export async function insertReads(db: Kysely<DB>, rows: Insertable<RiskNoticeReadsTable>[]) {
  const inserted = await db
    .insertInto('risk_notice_reads')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_no', 'notice_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
