import type { Insertable, Kysely, Updateable } from 'kysely';
import { BANK_CATEGORIES, bankCategoryName, payeesApi, type BankCode, type OperationParsed, type PayeeDetail, type PayeeRecord } from '@portal/shared';
import { containsPattern } from '../../db/sql-helpers';
import type { DB, PayeeChangesTable, PayeesTable } from '../../db/schema';

type Db = Kysely<DB>;
type PayeeQuery = OperationParsed<typeof payeesApi.payeeQuery>;

/** The payees of one enterprise with their creator and the change waiting beside each. */
const payeeRows = (db: Db, enterpriseNo: string) =>
  db
    .selectFrom('payees as p')
    .innerJoin('users as u', 'u.user_id', 'p.created_by_user_id')
    .leftJoin('payee_changes as c', (j) => j.onRef('c.payee_id', '=', 'p.id').on('c.status', '=', 'pending'))
    .leftJoin('users as cu', 'cu.user_id', 'c.requested_by_user_id')
    .where('p.enterprise_no', '=', enterpriseNo);

const selectRecord = (q: ReturnType<typeof payeeRows>) =>
  q.select([
    'p.id',
    'p.status',
    'p.name',
    'p.account_no',
    'p.cnaps',
    'p.bank_name',
    'p.remark',
    'p.refuse_reason',
    'p.version',
    'p.created_by_user_no',
    'u.nick_name as created_by_name',
    'p.created_at',
    'p.updated_at',
    'c.id as change_id',
    'c.kind as change_kind',
    'c.name as change_name',
    'c.account_no as change_account_no',
    'c.cnaps as change_cnaps',
    'c.bank_name as change_bank_name',
    'c.remark as change_remark',
    'c.requested_by_user_no as change_by_user_no',
    'cu.nick_name as change_by_name',
    'c.requested_at as change_at',
  ]);

type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecord>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string) => new Date(d).toISOString();

function toRecord(r: RecordRow): PayeeRecord {
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    accountNo: r.account_no,
    cnaps: r.cnaps,
    bankName: r.bank_name,
    remark: r.remark,
    refuseReason: r.refuse_reason,
    pendingChange:
      r.change_id === null
        ? null
        : {
            id: r.change_id,
            kind: r.change_kind!,
            name: r.change_name!,
            accountNo: r.change_account_no!,
            cnaps: r.change_cnaps!,
            bankName: r.change_bank_name!,
            remark: r.change_remark!,
            requestedByUserNo: r.change_by_user_no!,
            requestedByName: r.change_by_name ?? '',
            requestedAt: iso(r.change_at!),
          },
    version: r.version,
    createdByUserNo: r.created_by_user_no,
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** One page of a view of the enterprise's book, newest first. */
export async function listPayees(db: Db, enterpriseNo: string, f: PayeeQuery): Promise<{ records: PayeeRecord[]; total: number }> {
  let q = payeeRows(db, enterpriseNo);
  if (f.view === 'usable') q = q.where('p.status', '=', '20');
  if (f.view === 'review') q = q.where('c.id', 'is not', null);
  if (f.status) q = q.where('p.status', '=', f.status as PayeesTable['status']);
  // Deleted payees stay in the book's history; a list shows them only when asked for.
  else if (f.view === 'all') q = q.where('p.status', '<>', '90');
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    q = q.where((w) => w.or([w('p.name', 'ilike', pattern), w('p.account_no', 'like', pattern)]));
  }
  if (f.bank) {
    const pattern = containsPattern(f.bank);
    q = q.where((w) => w.or([w('p.bank_name', 'ilike', pattern), w('p.cnaps', 'like', pattern)]));
  }
  const [{ total }] = (await q.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [{ total: string }];
  const rows = await selectRecord(q)
    .orderBy('p.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { records: rows.map(toRecord), total: Number(total) };
}

/** One payee of the enterprise, or undefined (another enterprise's reads as unknown). */
export async function findPayee(db: Db, enterpriseNo: string, id: number): Promise<PayeeRecord | undefined> {
  const row = await selectRecord(payeeRows(db, enterpriseNo).where('p.id', '=', id)).executeTakeFirst();
  return row && toRecord(row);
}

/** Every proposal on a payee and its decision, oldest first. */
export async function payeeHistory(db: Db, payeeId: number): Promise<PayeeDetail['history']> {
  const rows = await db
    .selectFrom('payee_changes as c')
    .innerJoin('users as ru', 'ru.user_id', 'c.requested_by_user_id')
    .leftJoin('users as du', 'du.user_id', 'c.decided_by_user_id')
    .select([
      'c.id',
      'c.kind',
      'c.name',
      'c.account_no',
      'c.cnaps',
      'c.bank_name',
      'c.remark',
      'c.status',
      'c.requested_by_user_no',
      'ru.nick_name as requested_by_name',
      'c.requested_at',
      'c.decided_by_user_no',
      'du.nick_name as decided_by_name',
      'c.decided_at',
      'c.reason',
      'c.sign_code',
    ])
    .where('c.payee_id', '=', payeeId)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    accountNo: r.account_no,
    cnaps: r.cnaps,
    bankName: r.bank_name,
    remark: r.remark,
    status: r.status,
    requestedByUserNo: r.requested_by_user_no,
    requestedByName: r.requested_by_name,
    requestedAt: iso(r.requested_at),
    decidedByUserNo: r.decided_by_user_no,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    reason: r.reason,
    signed: r.sign_code !== null,
  }));
}

const toBankCode = (r: { cnaps: string; bank_name: string; bank_category: string; city: string }): BankCode => ({
  cnaps: r.cnaps,
  bankName: r.bank_name,
  category: r.bank_category,
  categoryName: bankCategoryName(r.cnaps),
  city: r.city,
});

export async function bankByCnaps(db: Db, cnaps: string): Promise<BankCode | undefined> {
  const row = await db.selectFrom('bank_codes').selectAll().where('cnaps', '=', cnaps).executeTakeFirst();
  return row && toBankCode(row);
}

/**
 * The bank-code table by a keyword: digits match the start of a code, anything else the bank's
 * name, its category's name or its city, every word of the keyword (工行 深圳 → 工商银行's Shenzhen branches).
 */
export async function searchBanks(db: Db, keyword: string | undefined): Promise<BankCode[]> {
  let q = db.selectFrom('bank_codes').selectAll();
  for (const word of (keyword ?? '').split(/\s+/).filter(Boolean)) {
    if (/^\d+$/.test(word)) {
      q = q.where('cnaps', 'like', `${word}%`);
      continue;
    }
    const pattern = containsPattern(word);
    const categories = Object.entries(BANK_CATEGORIES)
      .filter(([, name]) => name.includes(word) || shortName(name).includes(word))
      .map(([code]) => code);
    q = q.where((w) => w.or([w('bank_name', 'ilike', pattern), w('city', 'like', pattern), ...(categories.length > 0 ? [w('bank_category', 'in', categories)] : [])]));
  }
  return (await q.orderBy('cnaps').limit(payeesApi.BANK_SEARCH_LIMIT).execute()).map(toBankCode);
}

/** 工行, 建行, 农行, 中行, 交行, 招行…: the short names people type. */
function shortName(name: string): string {
  const SHORT: Record<string, string> = { 中国工商银行: '工行', 中国农业银行: '农行', 中国银行: '中行', 中国建设银行: '建行', 交通银行: '交行', 招商银行: '招行', 中国邮政储蓄银行: '邮储', 上海浦东发展银行: '浦发' };
  return SHORT[name] ?? name;
}

/** The payee row, locked for a write, if it is the enterprise's. */
export const lockPayee = (db: Db, enterpriseNo: string, id: number) =>
  db.selectFrom('payees').selectAll().where('id', '=', id).where('enterprise_no', '=', enterpriseNo).forUpdate().executeTakeFirst();

/** The change waiting on a payee, locked. */
export const lockPendingChange = (db: Db, payeeId: number) =>
  db.selectFrom('payee_changes').selectAll().where('payee_id', '=', payeeId).where('status', '=', 'pending').forUpdate().executeTakeFirst();

/** The payee a change belongs to (read before anything is locked; the caller locks the payee in its enterprise). */
export const changeOwner = (db: Db, changeId: number) => db.selectFrom('payee_changes').select('payee_id').where('id', '=', changeId).executeTakeFirst();

/** A change, locked (after its payee: every write locks the payee first, so two never wait on each other in a circle). */
export const lockChange = (db: Db, changeId: number) => db.selectFrom('payee_changes').selectAll().where('id', '=', changeId).forUpdate().executeTakeFirstOrThrow();

/**
 * Another live payee of the enterprise (new or effective, or proposed by a waiting change) with
 * this account at this bank, if any.
 */
export async function duplicatePayee(db: Db, enterpriseNo: string, accountNo: string, cnaps: string, exceptId: number | null) {
  let q = db
    .selectFrom('payees as p')
    .leftJoin('payee_changes as c', (j) => j.onRef('c.payee_id', '=', 'p.id').on('c.status', '=', 'pending'))
    .select('p.id')
    .where('p.enterprise_no', '=', enterpriseNo)
    .where('p.status', 'in', ['10', '20'])
    .where((w) =>
      w.or([
        w.and([w('p.account_no', '=', accountNo), w('p.cnaps', '=', cnaps)]),
        w.and([w('c.account_no', '=', accountNo), w('c.cnaps', '=', cnaps)]),
      ]),
    );
  if (exceptId !== null) q = q.where('p.id', '<>', exceptId);
  return q.executeTakeFirst();
}

export const insertPayee = async (db: Db, row: Insertable<PayeesTable>) => (await db.insertInto('payees').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const insertChange = async (db: Db, row: Insertable<PayeeChangesTable>) => (await db.insertInto('payee_changes').values(row).returning('id').executeTakeFirstOrThrow()).id;

export async function updatePayee(db: Db, id: number, values: Pick<Updateable<PayeesTable>, 'status' | 'name' | 'account_no' | 'cnaps' | 'bank_name' | 'remark' | 'refuse_reason'>, now: Date) {
  await db
    .updateTable('payees')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function decideChange(
  db: Db,
  id: number,
  values: Pick<PayeeChangesTable, 'status' | 'decided_by_user_id' | 'decided_by_user_no' | 'reason' | 'sign_code' | 'sign_data' | 'sign_msg'> & { decided_at: Date },
) {
  await db.updateTable('payee_changes').set(values).where('id', '=', id).execute();
}

/** Which of `codes` the bank-code table holds. */
export async function knownCnaps(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('bank_codes').select('cnaps').where('cnaps', 'in', codes).execute();
  return new Set(rows.map((r) => r.cnaps));
}
