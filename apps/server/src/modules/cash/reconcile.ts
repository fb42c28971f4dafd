import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_RECONCILE_FREQUENCY,
  cashApi,
  daysOverdue,
  endedPeriods,
  formatDate,
  isPeriod,
  type OperationParsed,
  type ReconcileFrequency,
  type ReconcileItem,
  type Reconciliation,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { auditedTransaction } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { accountsInScope, statementOf } from './cash.queries';

const M = cashApi.RECONCILE_MESSAGES;
const iso = (d: Date | string) => new Date(d).toISOString();
const nextMonth = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1)).toISOString().slice(0, 7);
type ReconcileInput = OperationParsed<typeof cashApi.cashReconcile>;

/** The enterprises' reconciliation periods; monthly for one the bank set nothing for. */
async function frequencies(db: Kysely<DB>, enterpriseNos: readonly string[]): Promise<Map<string, ReconcileFrequency>> {
  const rows = enterpriseNos.length === 0 ? [] : await db.selectFrom('cash_reconcile_calendars').select(['enterprise_no', 'frequency']).where('enterprise_no', 'in', enterpriseNos).execute();
  const map = new Map(rows.map((r) => [r.enterprise_no, r.frequency as ReconcileFrequency]));
  return new Map(enterpriseNos.map((e) => [e, map.get(e) ?? DEFAULT_RECONCILE_FREQUENCY]));
}

function reconciliationOf(r: {
  id: number;
  result: string;
  opening: string | null;
  closing: string | null;
  entry_count: number;
  entry_ids: number[];
  reason: string;
  signed_by_user_no: string;
  nick_name: string;
  signed_at: Date | string;
  sign_data: string;
  sign_msg: string;
  cert_serial: string | null;
  reply: string | null;
  replied_by_user_no: string | null;
  replied_at: Date | string | null;
}): Reconciliation {
  return {
    id: r.id,
    result: r.result as 'match' | 'mismatch',
    opening: r.opening,
    closing: r.closing,
    entryCount: r.entry_count,
    entryIds: r.entry_ids,
    reason: r.reason,
    signedByUserNo: r.signed_by_user_no,
    signedByName: r.nick_name,
    signedAt: iso(r.signed_at),
    signData: r.sign_data,
    signMsg: r.sign_msg,
    certSerial: r.cert_serial,
    reply: r.reply,
    repliedByUserNo: r.replied_by_user_no,
    repliedAt: r.replied_at === null ? null : iso(r.replied_at),
  };
}

/**
 * Every ended period (the latest 12 of the enterprise's calendar) of each account that has
 * statements, with its answer if any: customers' and staff's lists alike. `enterpriseNo` null: all.
 */
export async function reconcileItems(db: Kysely<DB>, enterpriseNo: string | null, today: string): Promise<ReconcileItem[]> {
  let q = db
    .selectFrom('cash_days as d')
    .innerJoin('custody_accounts as c', 'c.account_no', 'd.account_no')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.account_no', 'c.account_name', 'c.enterprise_no', 'e.enterprise_name', sql<string>`to_char(min(d.statement_date), 'YYYY-MM-DD')`.as('first')])
    .groupBy(['c.account_no', 'c.account_name', 'c.enterprise_no', 'e.enterprise_name']);
  if (enterpriseNo) q = q.where('c.enterprise_no', '=', enterpriseNo);
  const accounts = await q.orderBy('c.enterprise_no').orderBy('c.account_no').execute();
  if (accounts.length === 0) return [];
  const freq = await frequencies(db, [...new Set(accounts.map((a) => a.enterprise_no))]);
  // The months each account has statements in: a period without any is nothing to reconcile.
  const months = new Set(
    (
      await db
        .selectFrom('cash_days')
        .select(['account_no', sql<string>`to_char(statement_date, 'YYYY-MM')`.as('month')])
        .distinct()
        .where('account_no', 'in', accounts.map((a) => a.account_no))
        .execute()
    ).map((r) => `${r.account_no}|${r.month}`),
  );
  const stated = (accountNo: string, p: { start: string; end: string }) => {
    for (let m = p.start.slice(0, 7); m <= p.end.slice(0, 7); m = nextMonth(m)) if (months.has(`${accountNo}|${m}`)) return true;
    return false;
  };
  const done = await db
    .selectFrom('cash_reconciliations as r')
    .innerJoin('users as u', 'u.user_id', 'r.signed_by_user_id')
    .select([
      'r.id',
      'r.account_no',
      sql<string>`to_char(r.period_start, 'YYYY-MM-DD')`.as('period_start'),
      'r.result',
      sql<string | null>`r.opening::text`.as('opening'),
      sql<string | null>`r.closing::text`.as('closing'),
      'r.entry_count',
      'r.entry_ids',
      'r.reason',
      'r.signed_by_user_no',
      'u.nick_name',
      'r.signed_at',
      'r.sign_data',
      'r.sign_msg',
      'r.cert_serial',
      'r.reply',
      'r.replied_by_user_no',
      'r.replied_at',
    ])
    .where(
      'r.account_no',
      'in',
      accounts.map((a) => a.account_no),
    )
    .execute();
  const byKey = new Map(done.map((r) => [`${r.account_no}|${r.period_start}`, r]));
  const items: ReconcileItem[] = [];
  for (const a of accounts) {
    const frequency = freq.get(a.enterprise_no)!;
    for (const p of endedPeriods(frequency, today, cashApi.RECONCILE_PERIODS_SHOWN)) {
      if (p.end < a.first) break;
      if (!stated(a.account_no, p)) continue;
      const r = byKey.get(`${a.account_no}|${p.start}`);
      items.push({
        enterpriseNo: a.enterprise_no,
        enterpriseName: a.enterprise_name,
        accountNo: a.account_no,
        accountName: a.account_name,
        frequency,
        periodStart: p.start,
        periodEnd: p.end,
        status: r ? (r.result as 'match' | 'mismatch') : 'due',
        daysOverdue: daysOverdue(p, today),
        reconciliation: r ? reconciliationOf(r) : null,
      });
    }
  }
  return items;
}

/** The home count: the enterprise's ended periods still to reconcile. */
export async function dueCount(db: Kysely<DB>, enterpriseNo: string, today: string): Promise<number> {
  return (await reconcileItems(db, enterpriseNo, today)).filter((i) => i.status === 'due').length;
}

async function itemOf(db: Kysely<DB>, accountNo: string, periodStart: string, today: string, enterpriseNo: string | null) {
  return (await reconcileItems(db, enterpriseNo, today)).find((i) => i.accountNo === accountNo && i.periodStart === periodStart)!;
}

/** The writes of 电子对账: the enterprise's signed answer, the bank's reply, the bank's calendar. */
export class ReconcileDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  today = () => formatDate(this.#ctx.now());

  /**
   * 相符 or 不符 for one of the enterprise's accounts and one ended period of its calendar, signed
   * over the statement the server holds (its balances and number of entries), kept with the
   * signature. Once per account and period; a mismatch names entries of that statement.
   */
  reconcile(request: FastifyRequest, session: SessionInfo, input: ReconcileInput): Promise<ReconcileItem> {
    const today = this.today();
    const target = { accountNo: input.accountNo, periodStart: input.periodStart, periodEnd: input.periodEnd, result: input.result };
    return auditedTransaction(this.#ctx.database, request, 'cash.reconcile', target, new Date(this.#ctx.now()), async (trx, now) => {
      const [account] = (await accountsInScope(trx, session.enterpriseNo, input.accountNo)).filter((a) => a.relation === 'own');
      if (!account) throw refuse(cashApi.CASH_STATEMENT_MESSAGES.unknownAccount);
      const frequency = (await frequencies(trx, [session.enterpriseNo])).get(session.enterpriseNo)!;
      if (!isPeriod(frequency, input.periodStart, input.periodEnd)) throw refuse(M.notPeriod);
      if (input.periodEnd >= today) throw refuse(M.notEnded);
      const earlier = await trx.selectFrom('cash_reconciliations').select('id').where('account_no', '=', input.accountNo).where('period_start', '=', input.periodStart).executeTakeFirst();
      if (earlier) throw refuse(M.done);
      const statement = await statementOf(trx, account, input.periodStart, input.periodEnd);
      if (statement.daysLoaded === 0) throw refuse(M.noStatement);
      const ids = new Set(statement.entries.map((e) => e.id));
      const unknown = input.entryIds.filter((id) => !ids.has(id));
      if (unknown.length > 0) throw refuse(M.unknownEntries(unknown));
      const derived = { opening: statement.opening, closing: statement.closing, entryCount: statement.entries.length };
      const signature = await verifyOperationSignature(trx, request, input, derived);
      try {
        await trx
          .insertInto('cash_reconciliations')
          .values({
            enterprise_no: session.enterpriseNo,
            account_no: input.accountNo,
            period_start: input.periodStart,
            period_end: input.periodEnd,
            result: input.result,
            opening: statement.opening,
            closing: statement.closing,
            entry_count: statement.entries.length,
            entry_ids: input.entryIds,
            reason: input.reason,
            signed_by_user_id: session.userId,
            signed_by_user_no: session.userNo,
            sign_data: signature.data,
            sign_msg: signature.signMsg,
            device_key: signature.deviceKey,
            cert_serial: signature.certSerial ?? null,
            signed_at: now,
          })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(M.done);
        throw err;
      }
      return { result: await itemOf(trx, input.accountNo, input.periodStart, today, session.enterpriseNo), detail: { ...derived, entryIds: input.entryIds, reason: input.reason } };
    });
  }

  /** The bank's answer to a mismatch: once, and the enterprise reads it in its list. */
  reply(request: FastifyRequest, session: SessionInfo, input: { id: number; reply: string }): Promise<ReconcileItem> {
    const today = this.today();
    return auditedTransaction(this.#ctx.database, request, 'cash.reconcile_reply', { id: input.id }, new Date(this.#ctx.now()), async (trx, now) => {
      const row = await trx.selectFrom('cash_reconciliations').select(['account_no', sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('period_start'), 'result', 'reply']).where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!row) throw refuse('对账记录不存在');
      if (row.result !== 'mismatch') throw refuse(M.notMismatch);
      if (row.reply !== null) throw refuse(M.replied);
      await trx.updateTable('cash_reconciliations').set({ reply: input.reply, replied_by_user_no: session.userNo, replied_at: now }).where('id', '=', input.id).execute();
      return { result: await itemOf(trx, row.account_no, row.period_start, today, null), detail: { accountNo: row.account_no, periodStart: row.period_start, reply: input.reply } };
    });
  }

  calendar(request: FastifyRequest, session: SessionInfo, input: { enterpriseNo: string; frequency: ReconcileFrequency }) {
    return auditedTransaction(this.#ctx.database, request, 'cash.reconcile_calendar', input, new Date(this.#ctx.now()), async (trx, now) => {
      const enterprise = await trx.selectFrom('enterprises').select('enterprise_no').where('enterprise_no', '=', input.enterpriseNo).executeTakeFirst();
      if (!enterprise) throw refuse(`企业编号${input.enterpriseNo}不存在`);
      await trx
        .insertInto('cash_reconcile_calendars')
        .values({ enterprise_no: input.enterpriseNo, frequency: input.frequency, updated_by_user_no: session.userNo, updated_at: now })
        .onConflict((oc) => oc.column('enterprise_no').doUpdateSet({ frequency: input.frequency, updated_by_user_no: session.userNo, updated_at: now }))
        .execute();
      return { result: input, detail: {} };
    });
  }
}
