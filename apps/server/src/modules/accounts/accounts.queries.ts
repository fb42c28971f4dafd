import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Transaction, type Updateable } from 'kysely';
import type { AccountRecord, OperationParsed, UserProduct, accountsApi } from '@portal/shared';
import type { AccountAuthTable, AccountBatchRowsTable, AccountBatchesTable, DB, EbankAccountsTable } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

/**
 * The reads of the accounts domain. Each takes the session's enterprise as an argument and
 * sees that enterprise's accounts and seats only.
 */

export type AccountFilters = OperationParsed<typeof accountsApi.accountDownload>;

type Trx = Transaction<DB>;

type Joined = SelectQueryBuilder<
  DB & { c: DB['custody_accounts']; e: DB['ebank_accounts'] },
  'c' | 'e',
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
  {}
>;

/**
 * A contains-match, case-insensitive. Text without letters that have a case (Chinese names,
 * digits) takes `like`, which means the same for it and costs a third of `ilike`, since
 * `ilike` lowercases every row it reads.
 */
const contains = (text: string) => [text.toLowerCase() === text.toUpperCase() ? 'like' : 'ilike', containsPattern(text)] as const;

/** The register rows of the enterprise joined to their e-banking rows (the join names the enterprise, so it reads that enterprise's index range). */
const registerJoin = (db: Kysely<DB>) =>
  db
    .selectFrom('custody_accounts as c')
    .leftJoin('ebank_accounts as e', (join) => join.onRef('e.account_no', '=', 'c.account_no').onRef('e.enterprise_no', '=', 'c.enterprise_no')) as unknown as Joined;

/** Register accounts of the enterprise with their e-banking row, narrowed by the filters. */
function filtered(db: Kysely<DB>, enterpriseNo: string, f: AccountFilters): Joined {
  let q = registerJoin(db).where('c.enterprise_no', '=', enterpriseNo);
  if (f.accountNo) q = q.where('c.account_no', 'like', containsPattern(f.accountNo));
  if (f.accountName) q = q.where('c.account_name', ...contains(f.accountName));
  if (f.productName) q = q.where('c.product_name', ...contains(f.productName));
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.cardType) q = q.where('c.card_type', '=', f.cardType);
  if (f.currency) q = q.where('c.currency', '=', f.currency);
  if (f.thirdPartyEnterpriseNo) q = q.where('c.third_party_enterprise_no', '=', f.thirdPartyEnterpriseNo);
  if (f.added === 'added') q = q.where('e.account_no', 'is not', null);
  if (f.added === 'notAdded') q = q.where('e.account_no', 'is', null);
  return q;
}

/** The columns of an account record (`c` the register row, `e` its e-banking row, `t` its institution). */
function withRecordColumns<QB extends Joined>(q: QB) {
  return q
    .leftJoin('enterprises as t', 't.enterprise_no', 'c.third_party_enterprise_no')
    .select([
      'c.account_no',
      'c.account_name',
      'c.enterprise_no',
      'c.product_name',
      'c.product_code',
      'c.card_type',
      'c.status',
      'c.currency',
      'c.open_branch',
      sql<string>`to_char(c.open_date, 'YYYY-MM-DD')`.as('open_date'),
      'c.balance',
      'c.reinvest_type',
      'c.third_party_enterprise_no',
      't.enterprise_name as third_party_name',
      'e.account_no as ebank_account_no',
      'e.alias',
      'e.used',
      'e.single_limit',
      'e.daily_limit',
      'e.added_by',
      'e.added_at',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof withRecordColumns<Joined>>['execute']>>[number];

export function toRecord(r: RecordRow): AccountRecord {
  return {
    accountNo: r.account_no,
    accountName: r.account_name,
    enterpriseNo: r.enterprise_no,
    productName: r.product_name,
    productCode: r.product_code,
    cardType: r.card_type,
    status: r.status,
    currency: r.currency,
    openBranch: r.open_branch,
    openDate: r.open_date,
    balance: r.balance,
    reinvestType: r.reinvest_type,
    thirdPartyEnterpriseNo: r.third_party_enterprise_no,
    thirdPartyEnterpriseName: r.third_party_name,
    added: r.ebank_account_no !== null,
    alias: r.alias,
    used: r.used,
    singleLimit: r.single_limit,
    dailyLimit: r.daily_limit,
    addedBy: r.added_by,
    addedAt: r.added_at ? r.added_at.toISOString() : null,
  };
}

export async function listAccounts(db: Kysely<DB>, enterpriseNo: string, query: OperationParsed<typeof accountsApi.queryAccountInfo>) {
  const base = filtered(db, enterpriseNo, query);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    withRecordColumns(base)
      .orderBy('c.account_no')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return { total: Number(total), records: rows.map(toRecord) };
}

/** How many accounts the filters match (a download refuses more than it may carry). */
export async function countAccounts(db: Kysely<DB>, enterpriseNo: string, filters: AccountFilters): Promise<number> {
  const { total } = await filtered(db, enterpriseNo, filters).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The filtered accounts in account-number order, `chunk` at a time (keyset paging), so a
 * download of tens of thousands of rows never holds more than one chunk. Small chunks keep the
 * garbage between collections small (the bench: 250 rows a chunk grows a 20,000-row download's
 * heap by about half what 1,000 do, for a few more index look-ups).
 */
export async function* accountChunks(db: Kysely<DB>, enterpriseNo: string, filters: AccountFilters, chunk = 250) {
  let after = '';
  for (;;) {
    const rows = await withRecordColumns(filtered(db, enterpriseNo, filters).where('c.account_no', '>', after))
      .orderBy('c.account_no')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toRecord);
    after = rows[rows.length - 1]!.account_no;
    if (rows.length < chunk) return;
  }
}

/** How many accounts of other enterprises name `institutionNo` as their third-party institution. */
export async function countThirdParty(db: Kysely<DB>, institutionNo: string) {
  const { total } = await db
    .selectFrom('custody_accounts')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('third_party_enterprise_no', '=', institutionNo)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Other enterprises' accounts for which `institutionNo` is the third-party institution, chunked like `accountChunks`. */
export async function* thirdPartyChunks(db: Kysely<DB>, institutionNo: string, chunk = 250) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('custody_accounts as c')
      .innerJoin('enterprises as o', 'o.enterprise_no', 'c.enterprise_no')
      .select([
        'c.account_no',
        'c.account_name',
        'c.enterprise_no',
        'o.enterprise_name',
        'c.product_name',
        'c.product_code',
        'c.card_type',
        'c.status',
        'c.currency',
        'c.open_branch',
        sql<string>`to_char(c.open_date, 'YYYY-MM-DD')`.as('open_date'),
        'c.balance',
      ])
      .where('c.third_party_enterprise_no', '=', institutionNo)
      .where('c.account_no', '>', after)
      .orderBy('c.account_no')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.account_no;
    if (rows.length < chunk) return;
  }
}

/** A register account with its e-banking row, whatever its enterprise (callers judge ownership). */
export async function findAccount(db: Kysely<DB>, accountNo: string) {
  const row = await withRecordColumns(registerJoin(db))
    .where('c.account_no', '=', accountNo)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Spec §3 home counts: status-00 register accounts not yet in e-banking, and those in it. */
export async function homeCounts(db: Kysely<DB>, enterpriseNo: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('custody_accounts as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('c.enterprise_no', '=', enterpriseNo)
        .where('c.status', '=', '00')
        .where((w) =>
          w.not(w.exists(w.selectFrom('ebank_accounts as e').select('e.account_no').whereRef('e.account_no', '=', 'c.account_no').whereRef('e.enterprise_no', '=', 'c.enterprise_no'))),
        )
        .as('notAdded'),
      eb.selectFrom('ebank_accounts').select((c) => c.fn.countAll<number>().as('n')).where('enterprise_no', '=', enterpriseNo).as('added'),
    ])
    .executeTakeFirstOrThrow();
  return { notAddedAccountCount: Number(row.notAdded), addedAccountCount: Number(row.added) };
}

/** A seat, whatever its enterprise (callers judge ownership), with its person. */
export async function findSeat(db: Kysely<DB>, userNo: string) {
  return db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .select(['n.user_no', 'n.enterprise_no', 'n.status as seat_status', 'u.status', 'u.nick_name', 'u.username'])
    .where('n.user_no', '=', userNo)
    .executeTakeFirst();
}

const rights = (r: { can_query: boolean; can_entry: boolean; can_review: boolean }) => ({ canQuery: r.can_query, canEntry: r.can_entry, canReview: r.can_review });

/** Every seat of the enterprise with its rights on one account (none: all false). */
export async function accountSeats(db: Kysely<DB>, enterpriseNo: string, accountNo: string) {
  const rows = await db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .leftJoin('account_auth as a', (join) => join.onRef('a.user_no', '=', 'n.user_no').on('a.account_no', '=', accountNo))
    .select(['n.user_no', 'u.nick_name', 'u.username', 'a.can_query', 'a.can_entry', 'a.can_review'])
    .where('n.enterprise_no', '=', enterpriseNo)
    .orderBy('n.user_no')
    .execute();
  return rows.map((r) => ({
    userNo: r.user_no,
    userName: r.nick_name,
    username: r.username,
    ...rights({ can_query: r.can_query ?? false, can_entry: r.can_entry ?? false, can_review: r.can_review ?? false }),
  }));
}

/** The accounts a seat holds rights on. */
export async function seatAccounts(db: Kysely<DB>, userNo: string) {
  const rows = await db
    .selectFrom('account_auth as a')
    .innerJoin('ebank_accounts as e', 'e.account_no', 'a.account_no')
    .innerJoin('custody_accounts as c', 'c.account_no', 'a.account_no')
    .select(['a.account_no', 'c.account_name', 'e.alias', 'e.used', 'a.can_query', 'a.can_entry', 'a.can_review'])
    .where('a.user_no', '=', userNo)
    .orderBy('a.account_no')
    .execute();
  return rows.map((r) => ({ accountNo: r.account_no, accountName: r.account_name, alias: r.alias, used: r.used, ...rights(r) }));
}

/**
 * The products of the enterprise's e-banking accounts in service on which the seat holds a right,
 * with the number of such accounts and what the seat may do on at least one of them.
 */
export async function seatProducts(db: Kysely<DB>, enterpriseNo: string, userNo: string): Promise<UserProduct[]> {
  const rows = await db
    .selectFrom('account_auth as a')
    .innerJoin('ebank_accounts as e', 'e.account_no', 'a.account_no')
    .innerJoin('custody_accounts as c', 'c.account_no', 'a.account_no')
    .select((eb) => [
      'c.product_code',
      'c.product_name',
      eb.fn.countAll<string>().as('accounts'),
      eb.fn<boolean>('bool_or', ['a.can_query']).as('can_query'),
      eb.fn<boolean>('bool_or', ['a.can_entry']).as('can_entry'),
      eb.fn<boolean>('bool_or', ['a.can_review']).as('can_review'),
    ])
    .where('a.user_no', '=', userNo)
    .where('a.enterprise_no', '=', enterpriseNo)
    .where('e.enterprise_no', '=', enterpriseNo)
    .where('e.used', '=', 1)
    .groupBy(['c.product_code', 'c.product_name'])
    .orderBy('c.product_code')
    .orderBy('c.product_name')
    .execute();
  return rows.map((r) => ({ productCode: r.product_code, productName: r.product_name, accountCount: Number(r.accounts), ...rights(r) }));
}

/** The enterprise's operators (seats) with roles and account rights, paged. */
export async function listPersons(db: Kysely<DB>, enterpriseNo: string, query: OperationParsed<typeof accountsApi.personQuery>) {
  let base = db.selectFrom('user_numbers as n').innerJoin('users as u', 'u.user_id', 'n.user_id').where('n.enterprise_no', '=', enterpriseNo);
  if (query.userNo) base = base.where('n.user_no', 'ilike', containsPattern(query.userNo));
  if (query.nickName) base = base.where('u.nick_name', 'ilike', containsPattern(query.nickName));
  const [{ total }, seats] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['n.user_no', 'n.status as seat_status', 'u.user_id', 'u.username', 'u.nick_name', 'u.status'])
      .orderBy('n.user_no')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const userNos = seats.map((s) => s.user_no);
  const [roles, auth] = userNos.length
    ? await Promise.all([
        db
          .selectFrom('user_number_roles as r')
          .innerJoin('roles as ro', 'ro.role_id', 'r.role_id')
          .select(['r.user_no', 'ro.role_id', 'ro.role_code', 'ro.role_name'])
          .where('r.user_no', 'in', userNos)
          .orderBy('ro.role_id')
          .execute(),
        db
          .selectFrom('account_auth')
          .select(['user_no', 'account_no', 'can_query', 'can_entry', 'can_review'])
          .where('user_no', 'in', userNos)
          .orderBy('account_no')
          .execute(),
      ])
    : [[], []];
  return {
    total: Number(total),
    records: seats.map((s) => ({
      userNo: s.user_no,
      userId: s.user_id,
      username: s.username,
      nickName: s.nick_name,
      status: s.status,
      seatStatus: s.seat_status,
      roles: roles.filter((r) => r.user_no === s.user_no).map((r) => ({ roleId: r.role_id, roleCode: r.role_code, roleName: r.role_name })),
      accounts: auth.filter((a) => a.user_no === s.user_no).map((a) => ({ accountNo: a.account_no, ...rights(a) })),
    })),
  };
}

/** The authorities a seat holds through its roles. */
export async function seatAuthorities(db: Kysely<DB>, userNo: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_number_roles as r')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'r.role_id')
    .select('ra.authority')
    .distinct()
    .where('r.user_no', '=', userNo)
    .execute();
  return rows.map((r) => r.authority);
}

/** An enterprise, whatever it is (callers judge whether the caller may see it). */
export async function findEnterprise(db: Kysely<DB>, enterpriseNo: string) {
  return db.selectFrom('enterprises').select(['enterprise_no', 'enterprise_name', 'enterprise_type', 'status']).where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
}

/** How many of the enterprise's accounts name `institutionNo` as their third-party institution. */
export async function countLinkedAccounts(db: Kysely<DB>, enterpriseNo: string, institutionNo: string) {
  const { n } = await db
    .selectFrom('custody_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enterprise_no', '=', enterpriseNo)
    .where('third_party_enterprise_no', '=', institutionNo)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function listInstitutions(db: Kysely<DB>, enterpriseName?: string) {
  let q = db
    .selectFrom('enterprises')
    .select(['enterprise_no', 'enterprise_name', 'status'])
    .where('enterprise_type', '=', 'third_party')
    .where('status', '=', 1);
  if (enterpriseName) q = q.where('enterprise_name', 'ilike', containsPattern(enterpriseName));
  const rows = await q.orderBy('enterprise_no').execute();
  return rows.map((r) => ({ enterpriseNo: r.enterprise_no, enterpriseName: r.enterprise_name, status: r.status }));
}

export async function listBatches(db: Kysely<DB>, enterpriseNo: string, query: { page: number; limit: number }) {
  const base = db.selectFrom('account_batches').where('enterprise_no', '=', enterpriseNo);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['batch_no', 'file_name', 'row_count', 'created_by', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('batch_id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return {
    total: Number(total),
    records: rows.map((r) => ({ batchNo: r.batch_no, fileName: r.file_name, rowCount: r.row_count, createdBy: r.created_by, createdAt: r.created_at.toISOString() })),
  };
}

/**
 * The enterprises on the other side of a third-party link with `enterpriseNo`, among `others`:
 * those whose custody accounts name it as third party, and those its accounts name. A login
 * holding seats on both sides could act on both sides of one instruction.
 */
export async function thirdPartyCounterparts(db: Kysely<DB>, enterpriseNo: string, others: readonly string[]): Promise<string[]> {
  if (others.length === 0) return [];
  const rows = await db
    .selectFrom('custody_accounts as a')
    .select(['a.enterprise_no', 'a.third_party_enterprise_no'])
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb('a.third_party_enterprise_no', '=', enterpriseNo), eb('a.enterprise_no', 'in', others)]),
        eb.and([eb('a.enterprise_no', '=', enterpriseNo), eb('a.third_party_enterprise_no', 'in', others)]),
      ]),
    )
    .execute();
  return [...new Set(rows.map((r) => (r.enterprise_no === enterpriseNo ? r.third_party_enterprise_no! : r.enterprise_no)))];
}

/*
 * The writes of the accounts domain and the reads they make inside their transactions, whatever
 * the enterprise: accounts.service.ts judges ownership.
 */

/** A register account's owner and status. */
export const registerAccount = (trx: Trx, accountNo: string) =>
  trx.selectFrom('custody_accounts').select(['account_no', 'enterprise_no', 'status']).where('account_no', '=', accountNo).executeTakeFirst();

/** Register accounts among `accountNos` with their e-banking row's state (`ebank_no` null: not added). */
export const registerRows = (trx: Trx, accountNos: readonly string[]) =>
  trx
    .selectFrom('custody_accounts as c')
    .leftJoin('ebank_accounts as e', 'e.account_no', 'c.account_no')
    .select(['c.account_no', 'c.enterprise_no', 'c.status', 'e.used', 'e.account_no as ebank_no'])
    .where('c.account_no', 'in', accountNos)
    .execute();

/** Whether an account is in e-banking. */
export async function ebankAccountAdded(trx: Trx, accountNo: string) {
  return (await trx.selectFrom('ebank_accounts').select('account_no').where('account_no', '=', accountNo).executeTakeFirst()) !== undefined;
}

/** An e-banking row, locked for the rest of the transaction. */
export const lockEbankAccount = (trx: Trx, accountNo: string) => trx.selectFrom('ebank_accounts').selectAll().where('account_no', '=', accountNo).forUpdate().executeTakeFirst();

export async function insertEbankAccounts(trx: Trx, rows: readonly Insertable<EbankAccountsTable>[]) {
  await trx.insertInto('ebank_accounts').values(rows).execute();
}

export async function updateEbankAccount(trx: Trx, accountNo: string, values: Updateable<EbankAccountsTable>) {
  await trx.updateTable('ebank_accounts').set(values).where('account_no', '=', accountNo).execute();
}

/** Switches the enterprise's e-banking accounts among `accountNos` to `used`; the account numbers that changed. */
export async function setAccountsUsed(trx: Trx, enterpriseNo: string, accountNos: readonly string[], used: 0 | 1, now: Date) {
  const rows = await trx
    .updateTable('ebank_accounts')
    .set({ used, updated_at: now })
    .where('account_no', 'in', accountNos)
    .where('enterprise_no', '=', enterpriseNo)
    .where('used', '<>', used)
    .returning('account_no')
    .execute();
  return rows.map((r) => r.account_no);
}

/** A seat's enterprise, the seat locked for the rest of the transaction. */
export const lockSeat = (trx: Trx, userNo: string) => trx.selectFrom('user_numbers').select(['user_no', 'enterprise_no']).where('user_no', '=', userNo).forUpdate().executeTakeFirst();

/** A seat's account rights as stored. */
export const seatRightRows = (trx: Trx, userNo: string) => trx.selectFrom('account_auth').select(['account_no', 'can_query', 'can_entry', 'can_review']).where('user_no', '=', userNo).execute();

export async function deleteSeatRights(trx: Trx, userNo: string) {
  await trx.deleteFrom('account_auth').where('user_no', '=', userNo).execute();
}

export async function insertSeatRights(trx: Trx, rows: readonly Insertable<AccountAuthTable>[]) {
  await trx.insertInto('account_auth').values(rows).execute();
}

/** Records an accepted batch; its id. */
export async function insertBatch(trx: Trx, values: Insertable<AccountBatchesTable>) {
  const { batch_id } = await trx.insertInto('account_batches').values(values).returning('batch_id').executeTakeFirstOrThrow();
  return batch_id;
}

export async function insertBatchRows(trx: Trx, rows: readonly Insertable<AccountBatchRowsTable>[]) {
  await trx.insertInto('account_batch_rows').values(rows).execute();
}

/**
 * The enterprise's e-banking accounts in use (enabled, custody account open), by account number;
 * what an instruction template may pay from.
 */
export const usableEbankAccounts = (db: Kysely<DB>, enterpriseNo: string, accountNo?: string) => {
  let q = db
    .selectFrom('ebank_accounts as e')
    .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
    .select(['c.account_no', 'c.account_name', 'e.alias', 'c.currency'])
    .where('e.enterprise_no', '=', enterpriseNo)
    .where('e.used', '=', 1)
    .where('c.status', '=', '00');
  if (accountNo !== undefined) q = q.where('c.account_no', '=', accountNo);
  return q.orderBy('c.account_no').execute();
};
