import { sql, type AliasedExpression, type Insertable, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction, type Updateable } from 'kysely';
import {
  DAILY_STATUSES,
  PENDING_STATUSES,
  centsToDecimal,
  deadlineOf,
  executionTiming,
  instructionCutoffState,
  isExpired,
  toCents,
  type CustodyDay,
  type InstructionDetail,
  type InstructionRecord,
  type InstructionStatus,
  type OperationParsed,
  type BatchAccount,
  type PayerAccount,
  instructionsApi,
} from '@portal/shared';
import type { DB, InstructionHistoryTable, InstructionsTable } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

/**
 * The reads of instructions. Each takes its scope as an argument: the session's enterprise (and
 * seat), the enterprise as third-party institution, or every enterprise for the custodian.
 */

type Trx = Transaction<DB>;

type Filters = Omit<OperationParsed<typeof instructionsApi.instructionDownload>, 'view'> & { enterpriseNo?: string | undefined };

/** Statuses a third-party institution sees: from the moment it is asked to confirm. */
export const THIRD_PARTY_VISIBLE: readonly InstructionStatus[] = ['20', '21', '30', '31', '40', '41', '50', '60'];

/** Who is asking and for which view. */
export type Scope =
  | { kind: 'enterprise'; enterpriseNo: string }
  | { kind: 'maker'; enterpriseNo: string; userNo: string }
  | { kind: 'reviewer'; enterpriseNo: string; userNo: string }
  | { kind: 'thirdParty'; enterpriseNo: string }
  | { kind: 'custodian'; statuses?: readonly InstructionStatus[] };

type Scoped = SelectQueryBuilder<
  DB & { i: DB['instructions'] },
  'i',
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
  {}
>;

/**
 * Scope and filters apply to the instructions alone; the joins come with the columns. A count
 * leaves them out, since each finds exactly one row (by foreign key), and so reads an index only
 * (the enterprise's 20,000 rows of the bench: 1 ms instead of 100 ms of heap pages).
 */
const from = (db: Kysely<DB>): Scoped => db.selectFrom('instructions as i');

function scoped(q: Scoped, scope: Scope): Scoped {
  switch (scope.kind) {
    case 'enterprise':
      return q.where('i.enterprise_no', '=', scope.enterpriseNo);
    case 'maker':
      return q.where('i.created_by_user_no', '=', scope.userNo).where('i.enterprise_no', '=', scope.enterpriseNo);
    case 'reviewer':
      return q
        .where('i.enterprise_no', '=', scope.enterpriseNo)
        .where('i.payer_account_no', 'in', (sub) => sub.selectFrom('account_auth').select('account_no').where('user_no', '=', scope.userNo).where('can_review', '=', true))
        .where('i.status', '<>', '00');
    case 'thirdParty':
      return q.where('i.third_party_enterprise_no', '=', scope.enterpriseNo).where('i.status', 'in', THIRD_PARTY_VISIBLE);
    case 'custodian':
      return scope.statuses ? q.where('i.status', 'in', scope.statuses) : q.where('i.status', 'not in', ['00', '10', '11']);
  }
}

function filtered(q: Scoped, f: Filters): Scoped {
  if (f.instructionNo) q = q.where('i.instruction_no', 'like', containsPattern(f.instructionNo.toUpperCase()));
  if (f.type) q = q.where('i.type', '=', f.type);
  if (f.status) q = q.where('i.status', '=', f.status);
  if (f.payerAccountNo) q = q.where('i.payer_account_no', 'like', containsPattern(f.payerAccountNo));
  if (f.payee) {
    const pattern = containsPattern(f.payee);
    q = q.where((w) => w.or([w('i.payee_name', 'ilike', pattern), w('i.payee_account_no', 'like', pattern)]));
  }
  if (f.amountMin) q = q.where('i.amount', '>=', f.amountMin);
  if (f.amountMax) q = q.where('i.amount', '<=', f.amountMax);
  if (f.valueDateFrom) q = q.where('i.value_date', '>=', f.valueDateFrom);
  if (f.valueDateTo) q = q.where('i.value_date', '<=', f.valueDateTo);
  if (f.enterpriseNo) q = q.where('i.enterprise_no', 'like', containsPattern(f.enterpriseNo));
  return q;
}

const withColumns = (q: Scoped) =>
  q
    .innerJoin('custody_accounts as c', 'c.account_no', 'i.payer_account_no')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'i.enterprise_no')
    .innerJoin('users as u', 'u.user_id', 'i.created_by_user_id')
    .leftJoin('enterprises as t', 't.enterprise_no', 'i.third_party_enterprise_no')
    .select([
      'i.id',
      'i.instruction_no',
      'i.enterprise_no',
      'e.enterprise_name',
      'i.type',
      'i.payer_account_no',
      'c.account_name as payer_account_name',
      'i.payee_name',
      'i.payee_account_no',
      'i.payee_bank',
      'i.payee_cnaps',
      sql<string>`i.amount::text`.as('amount'),
      'i.currency',
      sql<string>`to_char(i.value_date, 'YYYY-MM-DD')`.as('value_date'),
      'i.purpose',
      'i.remark',
      'i.third_party_enterprise_no',
      't.enterprise_name as third_party_enterprise_name',
      'i.status',
      'i.version',
      'i.created_by_user_no',
      'u.nick_name as created_by_name',
      'i.created_at',
      'i.updated_at',
      'i.refuse_reason',
      sql<number>`(select count(*)::int from instruction_attachments a where a.instruction_id = i.id)`.as('attachment_count'),
      'i.template_id',
      'i.template_revision',
      'i.template_name',
      'i.approvals_required',
      'i.approval_rule_id',
      sql<number | null>`(select ar.version from approval_rules ar where ar.id = i.approval_rule_id)`.as('approval_rule_version'),
      sql<{ userId: number; name: string }[]>`coalesce((select json_agg(json_build_object('userId', a.uid, 'name', au.nick_name) order by a.ord)
        from unnest(i.approved_by) with ordinality as a(uid, ord) join users au on au.user_id = a.uid), '[]'::json)`.as('approvals'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A row as lists show it, judged on the custody day: 已过期, and the standing against its cut-off. */
export const toRecord = (r: Row, day: CustodyDay): InstructionRecord => {
  const deadline = deadlineOf(day, { type: r.type, currency: r.currency, valueDate: r.value_date });
  return {
    id: r.id,
    instructionNo: r.instruction_no,
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
    type: r.type,
    payerAccountNo: r.payer_account_no,
    payerAccountName: r.payer_account_name,
    payeeName: r.payee_name,
    payeeAccountNo: r.payee_account_no,
    payeeBank: r.payee_bank,
    payeeCnaps: r.payee_cnaps,
    amount: r.amount,
    currency: r.currency,
    valueDate: r.value_date,
    purpose: r.purpose,
    remark: r.remark,
    thirdPartyEnterpriseNo: r.third_party_enterprise_no,
    thirdPartyEnterpriseName: r.third_party_enterprise_name,
    status: r.status,
    expired: isExpired(r.status as InstructionStatus, r.value_date, day.today),
    cutoffAt: new Date(deadline).toISOString(),
    cutoffState: instructionCutoffState(r.status as InstructionStatus, deadline, day.now),
    judgedAt: new Date(day.now).toISOString(),
    executionTiming: executionTiming(r.value_date, day.today),
    version: r.version,
    createdByUserNo: r.created_by_user_no,
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    refuseReason: r.refuse_reason,
    attachmentCount: r.attachment_count,
    templateId: r.template_id,
    templateRevision: r.template_revision,
    templateName: r.template_name,
    approvalsRequired: r.approvals_required,
    approvalRuleId: r.approval_rule_id,
    approvalRuleVersion: r.approval_rule_version,
    approvals: r.approvals,
  };
};

/** One page of a view, newest first. */
export async function listInstructions(db: Kysely<DB>, scope: Scope, f: Filters & { page: number; limit: number }, day: CustodyDay) {
  const q = filtered(scoped(from(db), scope), f);
  const [rows, total] = await Promise.all([
    withColumns(q)
      .orderBy('i.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((r) => toRecord(r, day)), total: Number(total.n) };
}

/**
 * Of `ids`, those in the scope waiting at `status`, each with the display name of the login
 * `userId` (one query: a claim names its holder).
 */
export const waitingAmong = (db: Kysely<DB>, scope: Scope, status: InstructionStatus, ids: readonly number[], userId: number) =>
  scoped(from(db), scope)
    .where('i.status', '=', status)
    .where('i.id', 'in', ids)
    .select(['i.id', sql<string>`(select nick_name from users where user_id = ${userId})`.as('name')])
    .orderBy('i.id')
    .execute();

/** Every instruction of a view, in chunks (xlsx download). */
export async function* instructionChunks(db: Kysely<DB>, scope: Scope, f: Filters, day: CustodyDay, size = 250) {
  // The first chunk is unbounded: ids are int4, so no JavaScript sentinel fits the comparison.
  let before: number | null = null;
  for (;;) {
    let q = withColumns(filtered(scoped(from(db), scope), f));
    if (before !== null) q = q.where('i.id', '<', before);
    const rows = await q
      .orderBy('i.id', 'desc')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => toRecord(r, day));
    before = rows[rows.length - 1]!.id;
  }
}

export async function countInstructions(db: Kysely<DB>, scope: Scope, f: Filters) {
  const row = await filtered(scoped(from(db), scope), f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The records of `ids` (any scope: the caller has checked it), in the order given. */
export async function recordsOf(db: Kysely<DB>, ids: readonly number[], day: CustodyDay): Promise<InstructionRecord[]> {
  if (ids.length === 0) return [];
  const rows = await withColumns(from(db)).where('i.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toRecord(r, day)]));
  return ids.map((id) => byId.get(id)!);
}

/** One instruction with its history and attachments, or undefined when outside the scope. */
export async function findDetail(db: Kysely<DB>, scopes: readonly Scope[], id: number, day: CustodyDay): Promise<InstructionDetail | undefined> {
  let row: Row | undefined;
  for (const scope of scopes) {
    row = await withColumns(scoped(from(db), scope)).where('i.id', '=', id).executeTakeFirst();
    if (row) break;
  }
  if (!row) return undefined;
  const [history, attachments, reviewers] = await Promise.all([
    db
      .selectFrom('instruction_history as h')
      .innerJoin('users as u', 'u.user_id', 'h.user_id')
      .select(['h.id', 'h.action', 'h.from_status', 'h.to_status', 'h.result', 'h.reason', 'h.user_no', 'u.nick_name', 'h.created_at', 'h.sign_code', 'h.sign_data'])
      .where('h.instruction_id', '=', id)
      .orderBy('h.id')
      .execute(),
    db
      .selectFrom('instruction_attachments')
      .select(['id', 'file_name', 'size', 'content_type', 'uploaded_by', 'uploaded_at'])
      .where('instruction_id', '=', id)
      .orderBy('id')
      .execute(),
    row.status === '10' ? reviewersStill(db, id) : Promise.resolve([]),
  ]);
  return {
    ...toRecord(row, day),
    reviewersStill: reviewers,
    history: history.map((h) => ({
      id: Number(h.id),
      action: h.action,
      fromStatus: h.from_status,
      toStatus: h.to_status,
      result: h.result,
      reason: h.reason,
      userNo: h.user_no,
      userName: h.nick_name,
      createdAt: iso(h.created_at),
      signCode: h.sign_code,
      signData: h.sign_data,
    })),
    attachments: attachments.map(attachmentOf),
  };
}

/**
 * Who may still pass an instruction waiting for review: the seats with the review right on its
 * account and the reviewer's authority, not its maker, not one who has passed it this round, and
 * not one whose limit under its rule version is below its amount.
 */
const reviewersStill = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('instructions as i')
    .innerJoin('account_auth as r', 'r.account_no', 'i.payer_account_no')
    .innerJoin('user_numbers as n', 'n.user_no', 'r.user_no')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .where('i.id', '=', id)
    .where('r.can_review', '=', true)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where(sql<boolean>`n.user_id <> i.created_by_user_id and not (n.user_id = any(i.approved_by))`)
    .where(seatHolds(sql.ref('r.user_no'), 'INSTRUCTION_REVIEW'))
    .where(
      sql<boolean>`not exists (select 1 from approval_rules ar, jsonb_array_elements(ar.reviewer_limits) l
        where ar.id = i.approval_rule_id and l->>'userNo' = r.user_no and (l->>'limit')::numeric < i.amount)`,
    )
    .select(['r.user_no as userNo', 'u.nick_name as name'])
    .orderBy('r.user_no')
    .execute();

/** The attachment as its instruction's detail lists it. */
const attachmentOf = (a: { id: number; file_name: string; size: number; content_type: string; uploaded_by: string; uploaded_at: Date | string }) => ({
  id: a.id,
  fileName: a.file_name,
  size: a.size,
  contentType: a.content_type,
  uploadedBy: a.uploaded_by,
  uploadedAt: iso(a.uploaded_at),
});

/** How many attachments an instruction has. */
export async function attachmentCount(db: Kysely<DB>, instructionId: number) {
  const { n } = await db.selectFrom('instruction_attachments').select((eb) => eb.fn.countAll<number>().as('n')).where('instruction_id', '=', instructionId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertAttachment(db: Kysely<DB>, row: { instruction_id: number; file_name: string; content_type: string; size: number; content: Buffer; uploaded_by: string; uploaded_at: Date }) {
  const inserted = await db
    .insertInto('instruction_attachments')
    .values(row)
    .returning(['id', 'file_name', 'size', 'content_type', 'uploaded_by', 'uploaded_at'])
    .executeTakeFirstOrThrow();
  return attachmentOf(inserted);
}

/** An attachment with its instruction's owner and status, locked for the rest of the transaction. */
export const lockAttachment = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('instruction_attachments as a')
    .innerJoin('instructions as i', 'i.id', 'a.instruction_id')
    .select(['a.id', 'a.file_name', 'i.id as instruction_id', 'i.enterprise_no', 'i.created_by_user_no', 'i.status'])
    .where('a.id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function deleteAttachment(db: Kysely<DB>, id: number) {
  await db.deleteFrom('instruction_attachments').where('id', '=', id).execute();
}

/** An attachment's file, whatever its instruction (callers judge who may see it). */
export const findAttachment = (db: Kysely<DB>, id: number) =>
  db.selectFrom('instruction_attachments').select(['instruction_id', 'file_name', 'content_type', 'content']).where('id', '=', id).executeTakeFirst();

/**
 * What the instructions of `accountNos` hold of each register balance (`PENDING_STATUSES`) and
 * take of each daily limit on `valueDate` (`DAILY_STATUSES`), as decimal strings, leaving out
 * `excludeId` (the instruction being checked). One range of the payer index per account.
 */
export async function moneyHeld(db: Kysely<DB>, accountNos: readonly string[], valueDate: string, excludeId: number | null = null) {
  const held = new Map<string, { pending: string; daily: string }>();
  if (accountNos.length === 0) return held;
  let q = db
    .selectFrom('instructions')
    .select([
      'payer_account_no',
      sql<string>`coalesce(sum(amount) filter (where status in (${sql.join([...PENDING_STATUSES])})), 0.00)::text`.as('pending'),
      sql<string>`coalesce(sum(amount) filter (where value_date = ${valueDate}), 0.00)::text`.as('daily'),
    ])
    .where('payer_account_no', 'in', accountNos)
    .where('status', 'in', DAILY_STATUSES)
    .groupBy('payer_account_no');
  if (excludeId !== null) q = q.where('id', '<>', excludeId);
  for (const r of await q.execute()) held.set(r.payer_account_no, { pending: r.pending, daily: r.daily });
  return held;
}

/** Per account of `accountNos`, its held instructions (`PENDING_STATUSES`) with value date `valueDate`, by status. */
export async function heldOnDate(db: Kysely<DB>, accountNos: readonly string[], valueDate: string) {
  const held = new Map<string, PayerAccount['heldOnDate']>();
  if (accountNos.length === 0) return held;
  const rows = await db
    .selectFrom('instructions')
    .select(['payer_account_no', 'status', (eb) => eb.fn.countAll<number>().as('count'), sql<string>`sum(amount)::text`.as('amount')])
    .where('payer_account_no', 'in', accountNos)
    .where('status', 'in', PENDING_STATUSES)
    .where('value_date', '=', valueDate)
    .groupBy(['payer_account_no', 'status'])
    .orderBy('status')
    .execute();
  for (const r of rows) {
    const list = held.get(r.payer_account_no) ?? held.set(r.payer_account_no, []).get(r.payer_account_no)!;
    list.push({ status: r.status as InstructionStatus, count: Number(r.count), amount: r.amount });
  }
  return held;
}

/**
 * The payer accounts of the batch `ids` as the reviewer weighs it: of `ids`, those in `scope`
 * waiting for review, summed per account, beside each account's balance and what its other held
 * instructions take (one query).
 */
export async function batchMoney(db: Kysely<DB>, scope: Scope, ids: readonly number[]): Promise<BatchAccount[]> {
  const batch = scoped(from(db), scope)
    .where('i.status', '=', instructionsApi.WAITING_AT.review)
    .where('i.id', 'in', ids)
    .select(['i.payer_account_no', (eb) => eb.fn.countAll<number>().as('n'), sql<string>`sum(i.amount)`.as('amount')])
    .groupBy('i.payer_account_no');
  const rows = await db
    .with('b', () => batch)
    .selectFrom('b')
    .innerJoin('custody_accounts as c', 'c.account_no', 'b.payer_account_no')
    .innerJoin('ebank_accounts as e', 'e.account_no', 'b.payer_account_no')
    .select([
      'c.account_no',
      'c.account_name',
      'e.alias',
      'c.currency',
      sql<string>`c.balance::text`.as('balance'),
      'b.n',
      sql<string>`b.amount::text`.as('batch_amount'),
      sql<string>`(coalesce((select sum(amount) from instructions h where h.payer_account_no = b.payer_account_no and h.status in (${sql.join([...PENDING_STATUSES])})), 0) - b.amount)::text`.as('other_held'),
    ])
    .orderBy('c.account_no')
    .execute();
  return rows.map((r) => {
    const afterBatch = toCents(r.balance)! - toCents(r.batch_amount)!;
    return {
      accountNo: r.account_no,
      accountName: r.account_name,
      alias: r.alias,
      currency: r.currency,
      balance: r.balance,
      batchCount: Number(r.n),
      batchAmount: r.batch_amount,
      otherHeld: r.other_held,
      afterBatch: centsToDecimal(afterBatch),
      projectedAvailable: centsToDecimal(afterBatch - toCents(r.other_held)!),
    };
  });
}

/** The register balance less what the instructions hold of it, exactly (cents, never floats). */
export const availableOf = (balance: string, held: { pending: string } | undefined) => centsToDecimal(toCents(balance)! - toCents(held?.pending ?? '0')!);

/** The seat `userNo` (a column or a value) holds `authority` through its roles. */
const seatHolds = (userNo: RawBuilder<unknown> | string, authority: string) =>
  sql<boolean>`exists (select 1 from user_number_roles ur join role_authorities ra on ra.role_id = ur.role_id where ur.user_no = ${userNo} and ra.authority = ${authority})`;

/**
 * Someone other than the login `makerUserId` may review instructions on `accountNo`: an active
 * seat of an active login with the review right there and the reviewer's authority. Without one,
 * what the maker submits waits for nobody (segregation of duties keeps the maker from it).
 */
const reviewerBesides = (accountNo: RawBuilder<unknown>, makerUserId: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from account_auth r join user_numbers n on n.user_no = r.user_no join users u on u.user_id = n.user_id
    where r.account_no = ${accountNo} and r.can_review and n.status = 1 and u.status = 1 and n.user_id <> ${makerUserId} and ${seatHolds(sql.ref('r.user_no'), 'INSTRUCTION_REVIEW')})`;

/**
 * The seats that will find what `makerUserId` submits on `accountNo` in their review queue: the
 * same people `reviewerBesides` looks for, as 消息中心 recipients.
 */
export const reviewersOf = (db: Kysely<DB>, accountNo: string, makerUserId: number) =>
  db
    .selectFrom('account_auth as r')
    .innerJoin('user_numbers as n', 'n.user_no', 'r.user_no')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .where('r.account_no', '=', accountNo)
    .where('r.can_review', '=', true)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where('n.user_id', '<>', makerUserId)
    .where(seatHolds(sql.ref('r.user_no'), 'INSTRUCTION_REVIEW'))
    .select('r.user_no as user_no');

/**
 * The enterprise's accounts in use (switched on, status 00) on which a maker may enter and nobody
 * else may review: the enterprise administrator's home counts them (`noReviewerAccountCount`).
 */
export const noReviewerAccounts = (db: Kysely<DB>, enterpriseNo: string) =>
  db
    .selectFrom('ebank_accounts as e')
    .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
    .where('e.enterprise_no', '=', enterpriseNo)
    .where('e.used', '=', 1)
    .where('c.status', '=', '00')
    .where(
      sql<boolean>`exists (select 1 from account_auth m join user_numbers mn on mn.user_no = m.user_no
        where m.account_no = e.account_no and m.can_entry and mn.status = 1 and ${seatHolds(sql.ref('m.user_no'), 'INSTRUCTION_ENTRY')}
        and not ${reviewerBesides(sql.ref('e.account_no'), sql.ref('mn.user_id'))})`,
    );

/** The accounts a seat may enter instructions on (entry right, switched on, status 00), with their money on `valueDate`. */
export async function payerAccountsOf(db: Kysely<DB>, enterpriseNo: string, userNo: string, valueDate: string): Promise<PayerAccount[]> {
  const rows = await db
    .selectFrom('account_auth as a')
    .innerJoin('ebank_accounts as e', 'e.account_no', 'a.account_no')
    .innerJoin('custody_accounts as c', 'c.account_no', 'a.account_no')
    .leftJoin('enterprises as t', 't.enterprise_no', 'c.third_party_enterprise_no')
    .select([
      'c.account_no',
      'c.account_name',
      'e.alias',
      'c.currency',
      sql<string>`c.balance::text`.as('balance'),
      sql<string | null>`e.single_limit::text`.as('single_limit'),
      sql<string | null>`e.daily_limit::text`.as('daily_limit'),
      'c.third_party_enterprise_no',
      't.enterprise_name as third_party_name',
      reviewerBesides(sql.ref('c.account_no'), sql`(select user_id from user_numbers where user_no = ${userNo})`).as('has_reviewer'),
    ])
    .where('a.user_no', '=', userNo)
    .where('a.can_entry', '=', true)
    .where('e.enterprise_no', '=', enterpriseNo)
    .where('e.used', '=', 1)
    .where('c.status', '=', '00')
    .orderBy('c.account_no')
    .execute();
  const accountNos = rows.map((r) => r.account_no);
  const [held, onDate] = await Promise.all([moneyHeld(db, accountNos, valueDate), heldOnDate(db, accountNos, valueDate)]);
  return rows.map((r) => ({
    accountNo: r.account_no,
    accountName: r.account_name,
    alias: r.alias,
    currency: r.currency,
    balance: r.balance,
    availableBalance: availableOf(r.balance, held.get(r.account_no)),
    singleLimit: r.single_limit,
    dailyLimit: r.daily_limit,
    dailyUsed: held.get(r.account_no)?.daily ?? '0.00',
    thirdPartyEnterpriseNo: r.third_party_enterprise_no,
    thirdPartyEnterpriseName: r.third_party_name,
    hasReviewer: r.has_reviewer,
    heldOnDate: onDate.get(r.account_no) ?? [],
  }));
}

/** Spec §3 home counts of the instructions (issue 12's table). */
export async function homeCounts(
  db: Kysely<DB>,
  s: { userId: number; userNo: string; enterpriseNo: string; authorities: readonly string[] },
): Promise<Record<string, number>> {
  const has = (a: string) => s.authorities.includes(a);
  // Each count the seat's authorities ask for is a scalar subquery of one statement: the home is
  // the hottest read, and a round trip per count cost more than the counts.
  const selections = new Map<string, AliasedExpression<{ n: number }, string>>();
  const count = (field: string, q: { as<A extends string>(alias: A): AliasedExpression<{ n: number }, A> }) => selections.set(field, q.as(field));
  const counted = () => db.selectFrom('instructions as i').select((eb) => eb.fn.countAll<number>().as('n'));
  const notByUser = (action: string) =>
    sql<boolean>`not exists (select 1 from instruction_history h where h.instruction_id = i.id and h.user_id = ${s.userId} and h.action like ${action + '%'})`;
  if (has('INSTRUCTION_ENTRY')) {
    const refused = (status: string) => counted().where('i.created_by_user_no', '=', s.userNo).where('i.status', '=', status);
    count('reviewRefuseCount', refused('11'));
    count('confirmRefuseCount', refused('21'));
    count('confirmReviewRefuseCount', refused('31'));
    count('checkRefuseCount', refused('41'));
    count('waitCheckCount', counted().where('i.enterprise_no', '=', s.enterpriseNo).where('i.status', '=', '40'));
  }
  if (has('INSTRUCTION_REVIEW')) {
    count(
      'waitReviewCount',
      counted()
        .where('i.payer_account_no', 'in', (sub) => sub.selectFrom('account_auth').select('account_no').where('user_no', '=', s.userNo).where('can_review', '=', true))
        .where('i.status', '=', '10')
        .where('i.created_by_user_id', '<>', s.userId)
        // A reviewer who passed it this round waits for the next one like everybody else.
        .where(sql<boolean>`not (${s.userId} = any(i.approved_by))`),
    );
  }
  if (has('INSTRUCTION_CONFIRM')) {
    count('waitConfirmCount', counted().where('i.third_party_enterprise_no', '=', s.enterpriseNo).where('i.status', '=', '20').where(notByUser('confirmReview')));
  }
  if (has('INSTRUCTION_CONFIRM_REVIEW')) {
    count('waitConfirmReviewCount', counted().where('i.third_party_enterprise_no', '=', s.enterpriseNo).where('i.status', '=', '30').where(notByUser('confirmPass')));
  }
  if (has('ACCOUNT_AUTH')) count('noReviewerAccountCount', noReviewerAccounts(db, s.enterpriseNo).select((eb) => eb.fn.countAll<number>().as('n')));
  // The custodian's checker counts every enterprise's instructions waiting for the check.
  if (has('CUSTODIAN_CHECK')) count('waitCheckCount', counted().where('i.status', '=', '40'));
  if (has('CUSTODIAN_EXECUTE')) count('waitExecuteCount', counted().where('i.status', '=', '50'));
  if (selections.size === 0) return {};
  const row: Record<string, unknown> = await db.selectNoFrom([...selections.values()]).executeTakeFirstOrThrow();
  return Object.fromEntries([...selections.keys()].map((field) => [field, Number(row[field])]));
}

/*
 * The writes of instructions and the reads they make inside their transactions, whatever the
 * scope: instructions.service.ts judges who may make them and keeps the locking order.
 */

/** The instructions `ids` that exist, locked in id order for the rest of the transaction. */
export const lockInstructions = (trx: Trx, ids: readonly number[]) =>
  trx
    .selectFrom('instructions')
    .select([
      'id',
      'instruction_no',
      'enterprise_no',
      'type',
      'payer_account_no',
      'payee_account_no',
      sql<string>`amount::text`.as('amount'),
      'currency',
      sql<string>`to_char(value_date, 'YYYY-MM-DD')`.as('value_date'),
      'third_party_enterprise_no',
      'template_id',
      'template_revision',
      'status',
      'created_by_user_id',
      'created_by_user_no',
      'approval_rule_id',
      'approvals_required',
      'approved_by',
    ])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();

/** An e-banking account with its register row's status, third party, currency and balance, and its limits; locked. */
export const lockPayerAccount = (trx: Trx, accountNo: string) =>
  trx
    .selectFrom('ebank_accounts as e')
    .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
    .select(['e.account_no', 'e.enterprise_no', 'e.used', 'c.status', 'c.third_party_enterprise_no', 'c.currency', sql<string>`c.balance::text`.as('balance'), sql<string | null>`e.single_limit::text`.as('single_limit'), sql<string | null>`e.daily_limit::text`.as('daily_limit')])
    .where('e.account_no', '=', accountNo)
    .forUpdate()
    .executeTakeFirst();

/** Whether a seat holds `right` on an account. */
export async function holdsRight(trx: Trx, userNo: string, accountNo: string, right: 'can_entry' | 'can_review') {
  const auth = await trx.selectFrom('account_auth').select(right).where('user_no', '=', userNo).where('account_no', '=', accountNo).executeTakeFirst();
  return Boolean(auth?.[right]);
}

/** The next serial of the instruction numbers, as text. */
export async function nextInstructionSeq(trx: Trx) {
  const { rows } = await sql<{ seq: string }>`select nextval('instruction_no_seq')::text as seq`.execute(trx);
  return rows[0]!.seq;
}

export const insertInstruction = (trx: Trx, values: Insertable<InstructionsTable>) => trx.insertInto('instructions').values(values).returning(['id', 'instruction_no']).executeTakeFirstOrThrow();

/** A maker's edit, only while the instruction is at `version`; how many rows it changed (0 or 1). */
export async function updateInstruction(trx: Trx, id: number, version: number, values: Updateable<InstructionsTable>) {
  const done = await trx
    .updateTable('instructions')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export async function setThirdParty(trx: Trx, id: number, thirdPartyEnterpriseNo: string | null) {
  await trx.updateTable('instructions').set({ third_party_enterprise_no: thirdPartyEnterpriseNo }).where('id', '=', id).execute();
}

/** Moves an instruction from status `from` to `to`; how many rows it changed (0 or 1). */
const intArray = (ids: readonly number[]) => (ids.length ? sql<number[]>`array[${sql.join([...ids])}]::int[]` : sql<number[]>`'{}'::int[]`);

/** Moves an instruction on; `approvedBy` (when given) becomes the logins that passed its review since it was submitted. */
export async function setStatus(trx: Trx, now: Date, id: number, from: InstructionStatus, to: InstructionStatus, refuseReason: string | null, approvedBy?: readonly number[]) {
  const done = await trx
    .updateTable('instructions')
    .set({ status: to, refuse_reason: refuseReason, updated_at: now, version: sql`version + 1`, ...(approvedBy ? { approved_by: intArray(approvedBy) } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

export async function insertHistory(trx: Trx, values: Insertable<InstructionHistoryTable>[]) {
  await trx.insertInto('instruction_history').values(values).execute();
}


/** The rule version an instruction is submitted under and the reviewers it needs; its earlier passes no longer count. */
export async function setApproval(trx: Trx, id: number, ruleId: number | null, required: number) {
  await trx.updateTable('instructions').set({ approval_rule_id: ruleId, approvals_required: required, approved_by: intArray([]) }).where('id', '=', id).execute();
}

/** Who took each step of these instructions' history. */
export const historySteps = (trx: Trx, instructionIds: readonly number[]) =>
  trx.selectFrom('instruction_history').select(['instruction_id', 'action', 'user_id']).where('instruction_id', 'in', instructionIds).execute();

/** A register balance, locked for the rest of the transaction. */
export const lockBalance = (trx: Trx, accountNo: string) =>
  trx
    .selectFrom('custody_accounts')
    .select(sql<string>`balance::text`.as('balance'))
    .where('account_no', '=', accountNo)
    .forUpdate()
    .executeTakeFirstOrThrow();

/** Takes `amount` off a register balance. */
export async function debitBalance(trx: Trx, accountNo: string, amount: string, now: Date) {
  await trx
    .updateTable('custody_accounts')
    .set({ balance: sql`balance - ${amount}::numeric`, updated_at: now })
    .where('account_no', '=', accountNo)
    .execute();
}
