import type { Kysely } from 'kysely';
import type { GeneratedReport, ReportFormat, ReportParams, ReportSubscription } from '@portal/shared';
import type { DB, GeneratedReportsTable, ReportSubscriptionsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { reportDefinition, type ReportScope } from './registry';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type GeneratedRow = Omit<Selectable<GeneratedReportsTable>, 'body' | 'user_no' | 'enterprise_no' | 'content_type'>;
export const GENERATED_COLUMNS = ['id', 'report_kind', 'title', 'format', 'file_name', 'byte_size', 'period_from', 'period_to', 'subscription_id', 'created_at', 'expires_at'] as const;

export const toGenerated = (r: GeneratedRow): GeneratedReport => ({
  id: r.id,
  kind: r.report_kind,
  title: r.title,
  format: r.format as ReportFormat,
  fileName: r.file_name,
  byteSize: r.byte_size,
  periodFrom: r.period_from,
  periodTo: r.period_to,
  subscriptionId: r.subscription_id,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at)!,
});

export const toSubscription = (r: Selectable<ReportSubscriptionsTable>): ReportSubscription => ({
  id: r.id,
  kind: r.report_kind,
  title: reportDefinition(r.report_kind)?.title ?? r.report_kind,
  frequency: r.frequency,
  format: r.format as ReportFormat,
  params: r.params as ReportParams,
  nextRunAt: iso(r.next_run_at)!,
  lastRunAt: iso(r.last_run_at),
  lastStatus: r.last_status,
  lastError: r.last_error,
  attempts: r.attempts,
  createdAt: iso(r.created_at)!,
});

/** The seat's produced reports that have not expired, newest first. */
export async function listGenerated(db: Kysely<DB>, userNo: string, f: { page: number; limit: number; kind?: string | undefined }, now: Date) {
  let q = db.selectFrom('generated_reports').where('user_no', '=', userNo).where('expires_at', '>', now);
  if (f.kind) q = q.where('report_kind', '=', f.kind);
  const [rows, total] = await Promise.all([
    q.select(GENERATED_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(toGenerated), total: Number(total.n) };
}

/** One of the seat's own unexpired reports with its file. */
export const findOwnFile = (db: Kysely<DB>, userNo: string, id: number, now: Date) =>
  db.selectFrom('generated_reports').select(['file_name', 'content_type', 'body']).where('id', '=', id).where('user_no', '=', userNo).where('expires_at', '>', now).executeTakeFirst();

export async function listSubscriptions(db: Kysely<DB>, userNo: string) {
  const rows = await db.selectFrom('report_subscriptions').selectAll().where('user_no', '=', userNo).where('status', '=', 'active').orderBy('id', 'desc').execute();
  return rows.map(toSubscription);
}

/** A seat as a report's scope: its enterprise, kind of user and authorities (a subscription runs with these, as they are at the run). */
export async function seatScope(db: Kysely<DB>, userNo: string): Promise<ReportScope | undefined> {
  const seat = await db
    .selectFrom('user_numbers as un')
    .innerJoin('users as u', 'u.user_id', 'un.user_id')
    .select(['un.user_no', 'un.enterprise_no', 'u.user_type', 'un.status', 'u.status as user_status'])
    .where('un.user_no', '=', userNo)
    .executeTakeFirst();
  if (!seat || seat.status !== 1 || seat.user_status !== 1) return undefined;
  const authorities = await db
    .selectFrom('user_number_roles as r')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'r.role_id')
    .select('ra.authority')
    .distinct()
    .where('r.user_no', '=', userNo)
    .execute();
  return { userNo, enterpriseNo: seat.enterprise_no, userType: seat.user_type, authorities: authorities.map((a) => a.authority) };
}

/** Reports past their 90 days are deleted. */
export async function deleteExpired(db: Kysely<DB>, now: Date) {
  const result = await db.deleteFrom('generated_reports').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The accounts a seat may choose for its reports: those its enterprise holds or oversees as
 * third party; bank staff any. The one definition behind the choice and its check.
 */
const chosenBase = (db: Kysely<DB>, scope: ReportScope) => {
  const q = db.selectFrom('custody_accounts as c');
  return scope.userType === 'staff' ? q : q.where((eb) => eb.or([eb('c.enterprise_no', '=', scope.enterpriseNo), eb('c.third_party_enterprise_no', '=', scope.enterpriseNo)]));
};

/** Of `accountNos`, those the seat may not choose (unknown, or another enterprise's). */
export async function strangeAccounts(db: Kysely<DB>, scope: ReportScope, accountNos: readonly string[]) {
  const known = new Set((await chosenBase(db, scope).where('c.account_no', 'in', accountNos).select('c.account_no').execute()).map((r) => r.account_no));
  return [...new Set(accountNos)].filter((no) => !known.has(no));
}

/** The accounts the report screens offer, by number (at most 500). */
export const reportAccounts = (db: Kysely<DB>, scope: ReportScope) =>
  chosenBase(db, scope).select(['c.account_no as accountNo', 'c.account_name as accountName']).orderBy('c.account_no').limit(500).execute();

/** The names of accounts, by number. */
export async function accountNames(db: Kysely<DB>, accountNos: readonly string[]) {
  const rows = await db.selectFrom('custody_accounts').select(['account_no', 'account_name']).where('account_no', 'in', accountNos).execute();
  return new Map(rows.map((r) => [r.account_no, r.account_name]));
}
