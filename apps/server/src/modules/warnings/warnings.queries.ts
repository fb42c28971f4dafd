import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  warningsApi,
  type ClearPositionRecord,
  type NewSharePaymentRecord,
  type PreCleaningRecord,
  type WarningFeed,
  type WarningKind,
  type WarningRecordOf,
} from '@portal/shared';
import type { DB } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

/**
 * The reads of warnings. Every list takes its scope as an argument: the session's enterprise for
 * customers, none (every enterprise) for bank staff. The three tables share their common columns
 * under the alias `w`; each kind adds its own columns and orders by its own date.
 */

export interface WarningFilters {
  accountNo?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: '0' | '1' | undefined;
  /** Staff only: contains-match on the enterprise number. */
  enterpriseNo?: string | undefined;
}

/** The session's enterprise, or every enterprise (bank staff). */
export type WarningScope = { enterpriseNo: string } | { enterpriseNo: null };

/** The columns every kind shares, as the queries below read them. */
interface CommonRow {
  id: number;
  enterprise_no: string;
  enterprise_name: string;
  account_no: string;
  account_name: string;
  currency: string;
  status: '0' | '1';
  handled_by_user_no: string | null;
  handled_by_name: string | null;
  handled_at: Date | string | null;
  remark: string | null;
  feed_id: string;
  created_at: Date | string;
}

export type WarningTable = 'clear_position_warnings' | 'pre_cleaning_reminders' | 'new_share_payments';

interface KindSpec<K extends WarningKind, Row> {
  table: WarningTable;
  /** The date lists filter and order by. */
  date: 'trigger_date' | 'settle_date' | 'payment_deadline';
  columns: RawBuilder<unknown>;
  toRecord: (row: CommonRow & Row, today: string) => WarningRecordOf<K>;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const common = (r: CommonRow) => ({
  id: r.id,
  enterpriseNo: r.enterprise_no,
  enterpriseName: r.enterprise_name,
  accountNo: r.account_no,
  accountName: r.account_name,
  currency: r.currency,
  status: r.status,
  handledByUserNo: r.handled_by_user_no,
  handledByName: r.handled_by_name,
  handledAt: r.handled_at === null ? null : iso(r.handled_at),
  remark: r.remark,
  feedId: r.feed_id,
  createdAt: iso(r.created_at),
});

interface ClearPositionRow {
  product_code: string;
  product_name: string;
  trigger_type: string;
  unit_nav: string;
  threshold: string | null;
  trigger_date: string;
  deadline: string;
}
interface PreCleaningRow {
  settle_date: string;
  market: string;
  amount_due: string;
  available_balance: string;
  shortfall: string;
}
interface NewSharePaymentRow {
  stock_code: string;
  stock_name: string;
  market: string;
  quantity: number;
  issue_price: string;
  amount_payable: string;
  payment_deadline: string;
}

const clearPosition: KindSpec<'clearPosition', ClearPositionRow> = {
  table: 'clear_position_warnings',
  date: 'trigger_date',
  columns: sql`w.product_code, w.product_name, w.trigger_type, w.unit_nav::text as unit_nav, w.threshold::text as threshold,
    to_char(w.trigger_date, 'YYYY-MM-DD') as trigger_date, to_char(w.deadline, 'YYYY-MM-DD') as deadline`,
  toRecord: (r, today): ClearPositionRecord => ({
    kind: 'clearPosition',
    ...common(r),
    productCode: r.product_code,
    productName: r.product_name,
    trigger: r.trigger_type,
    unitNav: r.unit_nav,
    threshold: r.threshold,
    triggerDate: r.trigger_date,
    deadline: r.deadline,
    overdue: r.status === '0' && r.deadline < today,
  }),
};

const preCleaning: KindSpec<'preCleaning', PreCleaningRow> = {
  table: 'pre_cleaning_reminders',
  date: 'settle_date',
  columns: sql`to_char(w.settle_date, 'YYYY-MM-DD') as settle_date, w.market, w.amount_due::text as amount_due,
    w.available_balance::text as available_balance, w.shortfall::text as shortfall`,
  toRecord: (r): PreCleaningRecord => ({
    kind: 'preCleaning',
    ...common(r),
    settleDate: r.settle_date,
    market: r.market,
    amountDue: r.amount_due,
    availableBalance: r.available_balance,
    shortfall: r.shortfall,
  }),
};

const newSharePayment: KindSpec<'newSharePayment', NewSharePaymentRow> = {
  table: 'new_share_payments',
  date: 'payment_deadline',
  columns: sql`w.stock_code, w.stock_name, w.market, w.quantity, w.issue_price::text as issue_price,
    w.amount_payable::text as amount_payable, to_char(w.payment_deadline, 'YYYY-MM-DD') as payment_deadline`,
  toRecord: (r, today): NewSharePaymentRecord => ({
    kind: 'newSharePayment',
    ...common(r),
    stockCode: r.stock_code,
    stockName: r.stock_name,
    market: r.market,
    quantity: Number(r.quantity),
    issuePrice: r.issue_price,
    amountPayable: r.amount_payable,
    paymentDeadline: r.payment_deadline,
    overdue: r.status === '0' && r.payment_deadline < today,
  }),
};

export const KINDS = { clearPosition, preCleaning, newSharePayment } as const;
/** Each kind's table: the writes name it through this one map. */
export const TABLE_OF = { clearPosition: 'clear_position_warnings', preCleaning: 'pre_cleaning_reminders', newSharePayment: 'new_share_payments' } as const satisfies Record<WarningKind, WarningTable>;

type AnySpec = KindSpec<WarningKind, object>;
const specOf = (kind: WarningKind) => KINDS[kind] as unknown as AnySpec;

/** The WHERE of a list: scope and filters, on the columns every warning table has. */
function conditions(kind: WarningKind, scope: WarningScope, f: WarningFilters): Expression<SqlBool> {
  const date = sql.ref(`w.${specOf(kind).date}`);
  const parts: RawBuilder<unknown>[] = [];
  if (scope.enterpriseNo !== null) parts.push(sql`w.enterprise_no = ${scope.enterpriseNo}`);
  if (f.enterpriseNo) parts.push(sql`w.enterprise_no like ${containsPattern(f.enterpriseNo)}`);
  if (f.accountNo) parts.push(sql`w.account_no like ${containsPattern(f.accountNo)}`);
  if (f.status) parts.push(sql`w.status = ${f.status}`);
  if (f.dateFrom) parts.push(sql`${date} >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`${date} <= ${f.dateTo}::date`);
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

function select(kind: WarningKind, where: Expression<SqlBool>, tail: RawBuilder<unknown>) {
  const spec = specOf(kind);
  return sql<CommonRow>`
    select w.id, w.enterprise_no, e.enterprise_name, w.account_no, c.account_name, c.currency, w.status,
      w.handled_by_user_no, h.nick_name as handled_by_name, w.handled_at, w.remark, f.feed_id, w.created_at,
      ${spec.columns}
    from ${sql.table(spec.table)} w
      join custody_accounts c on c.account_no = w.account_no
      join enterprises e on e.enterprise_no = w.enterprise_no
      join warning_feeds f on f.id = w.feed_id
      left join users h on h.user_id = w.handled_by_user_id
    where ${where}
    ${tail}`;
}

const order = (kind: WarningKind) => sql`order by ${sql.ref(`w.${specOf(kind).date}`)} desc, w.id desc`;

/** One page of a kind's warnings, the kind's date newest first. */
export async function listWarnings<K extends WarningKind>(db: Kysely<DB>, kind: K, scope: WarningScope, f: WarningFilters & { page: number; limit: number }, today: string) {
  const where = conditions(kind, scope, f);
  const [rows, total] = await Promise.all([
    select(kind, where, sql`${order(kind)} limit ${f.limit} offset ${(f.page - 1) * f.limit}`).execute(db),
    countWarnings(db, kind, scope, f),
  ]);
  return { records: rows.rows.map((r) => specOf(kind).toRecord(r, today) as WarningRecordOf<K>), total };
}

export async function countWarnings(db: Kysely<DB>, kind: WarningKind, scope: WarningScope, f: WarningFilters) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(specOf(kind).table)} w where ${conditions(kind, scope, f)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Every warning of a list, in chunks by keyset on (date, id), newest first (xlsx download). */
export async function* warningChunks<K extends WarningKind>(db: Kysely<DB>, kind: K, scope: WarningScope, f: WarningFilters, today: string, size = 250) {
  const date = sql.ref(`w.${specOf(kind).date}`);
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const where = conditions(kind, scope, f);
    const page: Expression<SqlBool> = after ? sql<SqlBool>`${where} and (${date}, w.id) < (${after.date}::date, ${after.id})` : where;
    const { rows } = await select(kind, page, sql`${order(kind)} limit ${size}`).execute(db);
    if (rows.length === 0) return;
    const records = rows.map((r) => specOf(kind).toRecord(r, today) as WarningRecordOf<K>);
    yield records;
    const last = rows[rows.length - 1] as CommonRow & Record<string, unknown>;
    after = { date: String(last[specOf(kind).date]), id: last.id };
  }
}

/** The records of `ids` in the order given (the caller has checked their scope). */
export async function warningsById<K extends WarningKind>(db: Kysely<DB>, kind: K, ids: readonly number[], today: string): Promise<WarningRecordOf<K>[]> {
  if (ids.length === 0) return [];
  const { rows } = await select(kind, sql<SqlBool>`w.id in (${sql.join(ids)})`, sql``).execute(db);
  const byId = new Map(rows.map((r) => [r.id, specOf(kind).toRecord(r, today) as WarningRecordOf<K>]));
  return ids.map((id) => byId.get(id)!);
}

/** The imported feeds, newest first. */
export async function listFeeds(db: Kysely<DB>, f: { kind?: WarningKind | undefined; page: number; limit: number }): Promise<{ records: WarningFeed[]; total: number }> {
  let q = db.selectFrom('warning_feeds as f').innerJoin('users as u', 'u.user_id', 'f.imported_by_user_id');
  if (f.kind) q = q.where('f.kind', '=', f.kind);
  const [rows, total] = await Promise.all([
    q
      .select(['f.feed_id', 'f.kind', 'f.file_name', 'f.row_count', 'f.enterprise_count', 'f.file_digest', 'f.imported_by_user_no', 'u.nick_name', 'f.imported_at'])
      .orderBy('f.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({
      feedId: r.feed_id,
      kind: r.kind,
      fileName: r.file_name,
      rowCount: r.row_count,
      enterpriseCount: r.enterprise_count,
      fileDigest: r.file_digest,
      importedByUserNo: r.imported_by_user_no,
      importedByName: r.nick_name,
      importedAt: iso(r.imported_at),
    })),
    total: Number(total.n),
  };
}

/**
 * Spec §3 home counts of the warnings for one enterprise, each one range of a partial index:
 * `positionCount` unhandled clear-position warnings, `deptCount` unhandled pre-cleaning reminders
 * with a shortfall, `shareCount` unpaid new-share payments whose deadline has not passed.
 */
export async function homeCounts(db: Kysely<DB>, enterpriseNo: string, today: string) {
  // The partial indexes' own conditions are written as literals, so the planner can match them
  // whatever it does with the parameters. One statement for the three counts (the home is the hottest read).
  const open = sql.lit<'0'>('0');
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('clear_position_warnings').select((c) => c.fn.countAll<number>().as('n')).where('enterprise_no', '=', enterpriseNo).where('status', '=', open).as('positionCount'),
      eb
        .selectFrom('pre_cleaning_reminders')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('enterprise_no', '=', enterpriseNo)
        .where('status', '=', open)
        .where(sql<boolean>`shortfall > 0`)
        .as('deptCount'),
      eb
        .selectFrom('new_share_payments')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('enterprise_no', '=', enterpriseNo)
        .where('status', '=', open)
        .where('payment_deadline', '>=', today)
        .as('shareCount'),
    ])
    .executeTakeFirstOrThrow();
  return { positionCount: Number(row.positionCount), deptCount: Number(row.deptCount), shareCount: Number(row.shareCount) };
}

/** The warnings of `ids` that belong to the enterprise, locked in id order. */
export function lockEnterpriseWarnings(trx: Transaction<DB>, table: WarningTable, ids: readonly number[], enterpriseNo: string) {
  return trx.selectFrom(table).select(['id', 'status']).where('id', 'in', ids).where('enterprise_no', '=', enterpriseNo).orderBy('id').forUpdate().execute();
}

/** The open ones of `ids` become handled, by whom and when, with the remark. */
export async function markHandled(
  trx: Transaction<DB>,
  table: WarningTable,
  ids: readonly number[],
  by: { handled_by_user_id: number; handled_by_user_no: string; handled_at: Date; remark: string },
) {
  await trx.updateTable(table).set({ status: warningsApi.WARNING_DONE, ...by }).where('id', 'in', ids).where('status', '=', warningsApi.WARNING_OPEN).execute();
}
