import { sql, type Kysely } from 'kysely';
import { centsToDecimal, toCents, type CashAccount, type CashDayRow, type CashEntry, type CashEntryRow, type CashFeed, type CashStatement } from '@portal/shared';
import type { DB } from '../../db/schema';

/** The reads of cash statements: the register a file is checked against, the statements, the feeds. */

const slices = <T>(list: readonly T[], size = 500) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const ymd = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export function feedById(db: Kysely<DB>, feedId: string) {
  return db.selectFrom('cash_feeds').select(['file_digest', 'imported_at']).where('feed_id', '=', feedId).executeTakeFirst();
}

/**
 * What a file's days and entries are checked against: the accounts they name, the days already
 * loaded (with their batch), the entry references already loaded, and the instructions named with
 * the entry their execution wrote, if any.
 */
export async function registerFor(db: Kysely<DB>, days: readonly CashDayRow[], entries: readonly CashEntryRow[]) {
  const accounts = new Map<string, { enterprise_no: string; currency: string }>();
  const loadedDays = new Map<string, string>();
  const loadedRefs = new Map<string, string>();
  const instructions = new Map<string, { payer_account_no: string; amount: string; entry_id: number | null; entry_feed: number | null; entry_amount: string | null }>();
  const accountNos = [...new Set([...days.map((d) => d.accountNo), ...entries.map((e) => e.accountNo)])];
  for (const slice of slices(accountNos)) {
    for (const a of await db.selectFrom('custody_accounts').select(['account_no', 'enterprise_no', 'currency']).where('account_no', 'in', slice).execute()) accounts.set(a.account_no, a);
    const dates = [...new Set(days.map((d) => d.date))];
    if (dates.length > 0) {
      const found = await db
        .selectFrom('cash_days as d')
        .innerJoin('cash_feeds as f', 'f.id', 'd.feed_id')
        .select(['d.account_no', ymd('d.statement_date').as('date'), 'f.feed_id'])
        .where('d.account_no', 'in', slice)
        .where('d.statement_date', 'in', dates)
        .execute();
      for (const d of found) loadedDays.set(`${d.account_no}|${d.date}`, d.feed_id);
    }
    const refs = [...new Set(entries.map((e) => e.ref))];
    if (refs.length > 0) {
      for (const slice2 of slices(refs)) {
        const found = await db
          .selectFrom('cash_entries as e')
          .innerJoin('cash_feeds as f', 'f.id', 'e.feed_id')
          .select(['e.account_no', 'e.ref', 'f.feed_id'])
          .where('e.account_no', 'in', slice)
          .where('e.ref', 'in', slice2)
          .execute();
        for (const r of found) loadedRefs.set(`${r.account_no}|${r.ref}`, r.feed_id);
      }
    }
  }
  const numbers = [...new Set(entries.flatMap((e) => (e.instructionNo ? [e.instructionNo] : [])))];
  for (const slice of slices(numbers)) {
    const found = await db
      .selectFrom('instructions as i')
      .leftJoin('cash_entries as e', 'e.instruction_no', 'i.instruction_no')
      .select(['i.instruction_no', 'i.payer_account_no', sql<string>`i.amount::text`.as('amount'), 'e.id as entry_id', 'e.feed_id as entry_feed', sql<string | null>`e.amount::text`.as('entry_amount')])
      .where('i.instruction_no', 'in', slice)
      .execute();
    for (const i of found) instructions.set(i.instruction_no, i);
  }
  return { accounts, loadedDays, loadedRefs, instructions };
}

/** The accounts the enterprise may read statements of: its own, and those it oversees as third party. */
export async function accountsInScope(db: Kysely<DB>, enterpriseNo: string, accountNo?: string): Promise<CashAccount[]> {
  let q = db
    .selectFrom('custody_accounts')
    .select(['account_no', 'account_name', 'product_name', 'currency', 'enterprise_no'])
    .where((eb) => eb.or([eb('enterprise_no', '=', enterpriseNo), eb('third_party_enterprise_no', '=', enterpriseNo)]));
  if (accountNo) q = q.where('account_no', '=', accountNo);
  const rows = await q.orderBy('account_no').limit(1000).execute();
  return rows.map((r) => ({
    accountNo: r.account_no,
    accountName: r.account_name,
    productName: r.product_name,
    currency: r.currency,
    enterpriseNo: r.enterprise_no,
    relation: r.enterprise_no === enterpriseNo ? 'own' : 'thirdParty',
  }));
}

export async function countEntries(db: Kysely<DB>, accountNo: string, from: string, to: string): Promise<number> {
  const { n } = await db
    .selectFrom('cash_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_no', '=', accountNo)
    .where('booking_date', '>=', from)
    .where('booking_date', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The first day of the month after `ymd`. */
const nextMonth = (ymd: string) => {
  const d = new Date(`${ymd.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/** A statement's figures apart from its entries: the balances and the days the custodian stated. */
export type StatementHead = Omit<CashStatement, 'entries' | 'totalCredit' | 'totalDebit' | 'creditCount' | 'debitCount'>;

/** The running sums of a statement's entries as they are read. */
export interface StatementTally {
  credit: bigint;
  debit: bigint;
  creditCount: number;
  debitCount: number;
}

/**
 * The opening balance is the first loaded day's opening (or, with no day loaded in the period, the
 * last closing before it), the closing balance the last loaded day's closing.
 */
export async function statementHead(db: Kysely<DB>, account: CashAccount, from: string, to: string): Promise<StatementHead> {
  const inPeriod = await db
    .selectFrom('cash_days')
    .select([ymd('statement_date').as('date'), sql<string>`opening::text`.as('opening'), sql<string>`closing::text`.as('closing')])
    .where('account_no', '=', account.accountNo)
    .where('statement_date', '>=', from)
    .where('statement_date', '<=', to)
    .orderBy('statement_date')
    .execute();
  const before = await db
    .selectFrom('cash_days')
    .select([sql<string>`closing::text`.as('closing')])
    .where('account_no', '=', account.accountNo)
    .where('statement_date', '<', from)
    .orderBy('statement_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    account,
    dateFrom: from,
    dateTo: to,
    opening: inPeriod[0]?.opening ?? before?.closing ?? null,
    closing: inPeriod.at(-1)?.closing ?? before?.closing ?? null,
    daysLoaded: inPeriod.length,
    daysInPeriod: daysIn(from, to),
  };
}

/**
 * The period's entries in booking order, a month at a time (one range of the account-and-date
 * index each), each with the balance after it; `tally` sums them as they pass, so a download of a
 * busy account's year holds one month in memory. Entries written at an instruction's execution
 * whose day the custodian has not yet stated are listed without a balance and left out of the
 * sums, which are the statement's own.
 */
export async function* statementEntries(db: Kysely<DB>, head: StatementHead, tally: StatementTally): AsyncGenerator<CashEntry[]> {
  let running = head.opening === null ? null : toCents(head.opening)!;
  const month = (from: string) => {
    const monthEnd = new Date(Date.parse(`${nextMonth(from)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const to = monthEnd < head.dateTo ? monthEnd : head.dateTo;
    return db
      .selectFrom('cash_entries as e')
      .leftJoin('instructions as i', 'i.instruction_no', 'e.instruction_no')
      .select([
        'e.id',
        ymd('e.booking_date').as('booking_date'),
        ymd('e.value_date').as('value_date'),
        'e.direction',
        sql<string>`e.amount::text`.as('amount'),
        'e.counterparty_name',
        'e.counterparty_account',
        'e.summary',
        'e.instruction_no',
        'i.id as instruction_id',
        'e.ref',
        'e.feed_id',
      ])
      .where('e.account_no', '=', head.account.accountNo)
      .where('e.booking_date', '>=', from)
      .where('e.booking_date', '<=', to)
      .orderBy('e.booking_date')
      .orderBy(sql`e.feed_id is null`)
      .orderBy('e.row_no')
      .orderBy('e.id')
      .execute();
  };
  // The next month is read while this one is written out: the database and the writer overlap.
  let next: ReturnType<typeof month> | null = month(head.dateFrom);
  for (let from = head.dateFrom; next; from = nextMonth(from)) {
    const rows = await next;
    next = nextMonth(from) <= head.dateTo ? month(nextMonth(from)) : null;
    // A consumer that stops early leaves the read ahead unawaited; its failure is nobody's to report.
    next?.catch(() => undefined);
    if (rows.length === 0) continue;
    yield rows.map((r) => {
      const onStatement = r.feed_id !== null;
      const cents = toCents(r.amount)!;
      if (onStatement) {
        if (r.direction === 'C') {
          tally.credit += cents;
          tally.creditCount += 1;
        } else {
          tally.debit += cents;
          tally.debitCount += 1;
        }
        if (running !== null) running += r.direction === 'C' ? cents : -cents;
      }
      return {
        id: r.id,
        bookingDate: r.booking_date,
        valueDate: r.value_date,
        direction: r.direction,
        amount: r.amount,
        balance: onStatement && running !== null ? centsToDecimal(running) : null,
        counterpartyName: r.counterparty_name,
        counterpartyAccount: r.counterparty_account,
        summary: r.summary,
        instructionNo: r.instruction_no,
        instructionId: r.instruction_id ?? null,
        ref: r.ref,
        source: onStatement ? 'feed' : 'instruction',
      } satisfies CashEntry;
    });
  }
}

export const newTally = (): StatementTally => ({ credit: 0n, debit: 0n, creditCount: 0, debitCount: 0 });

/** The sums as the statement states them. */
export const tallied = (t: StatementTally) => ({ totalCredit: centsToDecimal(t.credit), totalDebit: centsToDecimal(t.debit), creditCount: t.creditCount, debitCount: t.debitCount });

/** One account's whole statement over a period (the screen's and the reconciliation's). */
export async function statementOf(db: Kysely<DB>, account: CashAccount, from: string, to: string): Promise<CashStatement> {
  const head = await statementHead(db, account, from, to);
  const tally = newTally();
  const entries: CashEntry[] = [];
  for await (const chunk of statementEntries(db, head, tally)) entries.push(...chunk);
  return { ...head, ...tallied(tally), entries };
}

export async function listFeeds(db: Kysely<DB>, f: { page: number; limit: number }): Promise<{ records: CashFeed[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('cash_feeds').selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    db.selectFrom('cash_feeds').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({
      feedId: r.feed_id,
      format: r.format,
      fileName: r.file_name,
      dayCount: r.day_count,
      entryCount: r.entry_count,
      enterpriseCount: r.enterprise_count,
      fileDigest: r.file_digest,
      importedByUserNo: r.imported_by_user_no,
      importedAt: new Date(r.imported_at).toISOString(),
    })),
    total: Number(total.n),
  };
}
