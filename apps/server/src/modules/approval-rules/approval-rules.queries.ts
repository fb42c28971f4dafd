import { sql, type Kysely } from 'kysely';
import type { ApprovalRule } from '@portal/shared';
import type { DB } from '../../db/schema';

/** The reads and writes of approval rule versions; each takes the enterprise as an argument. */

const columns = (db: Kysely<DB>) =>
  db
    .selectFrom('approval_rules as r')
    .leftJoin('user_numbers as n', 'n.user_no', 'r.created_by_user_no')
    .leftJoin('users as u', 'u.user_id', 'n.user_id')
    .select(['r.id', 'r.instruction_type', 'r.payer_account_no', 'r.version', 'r.active', 'r.bands', 'r.reviewer_limits', 'r.created_by_user_no', 'u.nick_name', 'r.created_at']);

type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];

/** A version as the list shows it; `names` gives the reviewers' names by user number. */
const recordOf = (r: Row, names: ReadonlyMap<string, string>): ApprovalRule => ({
  id: r.id,
  instructionType: r.instruction_type,
  payerAccountNo: r.payer_account_no,
  version: r.version,
  active: r.active,
  bands: r.bands,
  limits: r.reviewer_limits.map((l) => ({ ...l, name: names.get(l.userNo) ?? l.userNo })),
  createdByUserNo: r.created_by_user_no,
  createdByName: r.nick_name ?? r.created_by_user_no,
  createdAt: r.created_at.toISOString(),
});

/** The enterprise's seats that hold the review right on one of its accounts, by user number. */
export const reviewersOf = (db: Kysely<DB>, enterpriseNo: string) =>
  db
    .selectFrom('account_auth as a')
    .innerJoin('user_numbers as n', 'n.user_no', 'a.user_no')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .where('a.enterprise_no', '=', enterpriseNo)
    .where('a.can_review', '=', true)
    .select(['a.user_no as userNo', 'u.nick_name as name'])
    .distinct()
    .orderBy('a.user_no')
    .execute();

/** The enterprise's online-banking accounts a rule may name. */
export const accountsOf = (db: Kysely<DB>, enterpriseNo: string) =>
  db
    .selectFrom('ebank_accounts as e')
    .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
    .where('e.enterprise_no', '=', enterpriseNo)
    .select(['e.account_no as accountNo', 'c.account_name as accountName'])
    .orderBy('e.account_no')
    .execute();

/** Every version of the enterprise's rules, newest first, the limits' reviewers named. */
export async function ruleVersions(db: Kysely<DB>, enterpriseNo: string, ids?: readonly number[]): Promise<ApprovalRule[]> {
  let q = columns(db).where('r.enterprise_no', '=', enterpriseNo);
  if (ids) q = q.where('r.id', 'in', ids);
  const rows = await q.orderBy('r.id', 'desc').execute();
  const reviewers = await reviewersOf(db, enterpriseNo);
  const names = new Map(reviewers.map((r) => [r.userNo, r.name]));
  return rows.map((r) => recordOf(r, names));
}

/** The enterprise's rules in force: the newest version of each scope, if active. */
export async function currentRules(db: Kysely<DB>, enterpriseNo: string) {
  const rows = await db
    .selectFrom('approval_rules')
    .select(['id', 'instruction_type', 'payer_account_no', 'active', 'bands'])
    .where('enterprise_no', '=', enterpriseNo)
    .distinctOn(['instruction_type', 'payer_account_no'])
    .orderBy('instruction_type')
    .orderBy('payer_account_no')
    .orderBy('version', 'desc')
    .execute();
  return rows.filter((r) => r.active).map((r) => ({ id: r.id, instructionType: r.instruction_type, payerAccountNo: r.payer_account_no, bands: r.bands }));
}

/** A scope's newest version (retired or not), or undefined when the scope has none. */
export const latestOfScope = (db: Kysely<DB>, enterpriseNo: string, scope: { instructionType: string; payerAccountNo: string }) =>
  db
    .selectFrom('approval_rules')
    .select(['version', 'active', 'bands', 'reviewer_limits'])
    .where('enterprise_no', '=', enterpriseNo)
    .where('instruction_type', '=', scope.instructionType)
    .where('payer_account_no', '=', scope.payerAccountNo)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The reviewer limits of rule versions, by version id. */
export async function limitsOf(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { userNo: string; limit: string }[]>();
  const rows = await db.selectFrom('approval_rules').select(['id', 'reviewer_limits']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.reviewer_limits]));
}

/**
 * The next version of a scope, numbered under a transaction-scoped advisory lock on the scope so
 * two saves of it cannot take the same number (the unique key would refuse the second anyway).
 */
export async function insertVersion(
  db: Kysely<DB>,
  v: { enterpriseNo: string; instructionType: string; payerAccountNo: string; active: boolean; bands: unknown; limits: unknown; userNo: string; now: Date },
) {
  await sql`select pg_advisory_xact_lock(hashtext(${`approval_rule:${v.enterpriseNo}:${v.instructionType}:${v.payerAccountNo}`}))`.execute(db);
  const last = await db
    .selectFrom('approval_rules')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('enterprise_no', '=', v.enterpriseNo)
    .where('instruction_type', '=', v.instructionType)
    .where('payer_account_no', '=', v.payerAccountNo)
    .executeTakeFirst();
  const row = await db
    .insertInto('approval_rules')
    .values({
      enterprise_no: v.enterpriseNo,
      instruction_type: v.instructionType,
      payer_account_no: v.payerAccountNo,
      version: Number(last?.v ?? 0) + 1,
      active: v.active,
      bands: JSON.stringify(v.bands),
      reviewer_limits: JSON.stringify(v.limits),
      created_by_user_no: v.userNo,
      created_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
