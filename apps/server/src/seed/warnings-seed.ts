import type { Insertable, Transaction } from 'kysely';
import { FEED_COLUMNS, WARNING_KIND_NAMES, formatDate, type WarningKind } from '@portal/shared';
import type { ClearPositionWarningsTable, DB, NewSharePaymentsTable, PreCleaningRemindersTable } from '../db/schema';
import { sm3Hex } from '../sm3';
import { prng, type Prng } from './accounts-data';
import { HANDLE_REMARKS, NEW_ISSUES } from './warnings-data';

/**
 * Demo warnings over the last 30 days, as the custody system's daily feeds would have brought
 * them: one feed per kind and business day that had any, imported by the custodian's staff at
 * 07:30, on the main (current) yuan accounts of the register. 华夏远航 gets most, 中泰安盛 some. Older
 * ones are mostly handled by the enterprise's seats that may handle warnings, recent ones mostly
 * open; some open ones are past their deadline. Each feed's digest is the SM3 of the CSV the rows
 * make, so the feed history reads like real imports. Idempotent: when the demo enterprises have
 * warnings already, nothing is added.
 */

export const DEMO_WARNINGS = [
  { enterprise_no: '1000000001', clearPosition: 18, preCleaning: 48, newSharePayment: 6 },
  { enterprise_no: '1000000002', clearPosition: 6, preCleaning: 16, newSharePayment: 2 },
] as const;

/** Feed ids: the kind's prefix, the day, a sequence. */
const FEED_PREFIX: Record<WarningKind, string> = { clearPosition: 'QCYJ', preCleaning: 'YQSTX', newSharePayment: 'XGJK' };

const DAY = 86_400_000;
const HOUR = 3_600_000;
const dayStart = (ms: number) => Date.parse(`${formatDate(ms)}T00:00:00+08:00`);
const isBusinessDay = (ms: number) => ![0, 6].includes(new Date(ms + 8 * HOUR).getUTCDay());
const nextBusinessDay = (ms: number) => {
  let d = ms + DAY;
  while (!isBusinessDay(d)) d += DAY;
  return d;
};
const cents = (yuan: number) => (Math.round(yuan * 100) / 100).toFixed(2);
const fourPlaces = (n: number) => n.toFixed(4);

/** `k` different items of `list`, drawn without bias (a partial Fisher–Yates shuffle). */
function pickSome<T>(rnd: Prng, list: readonly T[], k: number): T[] {
  const copy = [...list];
  for (let i = 0; i < Math.min(k, copy.length); i += 1) {
    const j = rnd.int(i, copy.length - 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, k);
}

interface Seat {
  user_no: string;
  user_id: number;
}

interface Handled {
  status: '0' | '1';
  handled_by_user_id: number | null;
  handled_by_user_no: string | null;
  handled_at: Date | null;
  remark: string | null;
}

type Line<T> = Omit<Insertable<T>, 'feed_id' | 'row_no'>;

/** A warning drawn, with the business day whose feed carried it (Beijing midnight, epoch ms) and its CSV line after the feed id. */
type Drawn = { feedDay: number; cells: string[] } & (
  | { kind: 'clearPosition'; row: Line<ClearPositionWarningsTable> }
  | { kind: 'preCleaning'; row: Line<PreCleaningRemindersTable> }
  | { kind: 'newSharePayment'; row: Line<NewSharePaymentsTable> }
);

export async function seedWarnings(trx: Transaction<DB>, now = Date.now()) {
  const enterpriseNos = DEMO_WARNINGS.map((p) => p.enterprise_no);
  const seeded = await Promise.all(
    (['clear_position_warnings', 'pre_cleaning_reminders', 'new_share_payments'] as const).map((table) => trx.selectFrom(table).select('id').where('enterprise_no', 'in', enterpriseNos).limit(1).executeTakeFirst()),
  );
  if (seeded.some(Boolean)) return;

  const holders = (authority: string) =>
    trx
      .selectFrom('user_numbers as un')
      .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
      .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
      .select(['un.user_no', 'un.user_id', 'un.enterprise_no'])
      .where('ra.authority', '=', authority)
      .orderBy('un.user_no')
      .execute();
  // The custodian's checkers load the feeds; without one, whoever may import.
  const importers = await holders('WARNING_IMPORT');
  const checkers = new Set((await holders('CUSTODIAN_CHECK')).map((s) => s.user_no));
  const importer = importers.find((s) => checkers.has(s.user_no)) ?? importers[0];
  if (!importer) return;
  const handlers = await holders('WARNING_HANDLE');

  const today = dayStart(now);
  const days = Array.from({ length: 30 }, (_, i) => today - (29 - i) * DAY).filter(isBusinessDay);
  const drawn: Drawn[] = [];

  for (const plan of DEMO_WARNINGS) {
    const rnd = prng(Number(plan.enterprise_no) + 13);
    const accounts = await trx
      .selectFrom('custody_accounts')
      .select(['account_no', 'product_code'])
      .where('enterprise_no', '=', plan.enterprise_no)
      .where('status', '=', '00')
      .where('card_type', '=', 'PSAV')
      // The domestic markets settle in yuan.
      .where('currency', '=', 'CNY')
      .orderBy('account_no')
      .execute();
    const seats = [...new Map(handlers.filter((s) => s.enterprise_no === plan.enterprise_no).map((s) => [s.user_no, s])).values()];
    if (accounts.length === 0) continue;

    /** Older ones are mostly handled, a few hours to two days after the feed came; recent ones mostly open. */
    const handling = (kind: WarningKind, feedDay: number, doneChance: number): Handled => {
      if (seats.length === 0 || !rnd.chance(doneChance)) return { status: '0', handled_by_user_id: null, handled_by_user_no: null, handled_at: null, remark: null };
      const seat: Seat = rnd.pick(seats);
      const at = Math.min(now - 60_000, feedDay + 7.5 * HOUR + rnd.int(1, 40) * HOUR + rnd.int(0, 59) * 60_000);
      return { status: '1', handled_by_user_id: seat.user_id, handled_by_user_no: seat.user_no, handled_at: new Date(at), remark: rnd.pick(HANDLE_REMARKS[kind]) };
    };
    const ageOf = (day: number) => Math.round((today - day) / DAY);

    // 清仓预警: a line crossed by a few thousandths, or a product at maturity.
    const seen = new Set<string>();
    for (let n = 0; n < plan.clearPosition; n += 1) {
      // The first two came in the last days and wait to be handled, so the home card has something.
      const recent = n < 2;
      const day = recent ? days.at(-1 - n)! : rnd.pick(days);
      const account = rnd.pick(accounts);
      const trigger = rnd.pick(['01', '01', '01', '02', '02', '03'] as const);
      const key = `${account.account_no}|${trigger}|${day}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const threshold = trigger === '01' ? rnd.pick([0.9, 0.85, 0.8]) : trigger === '02' ? rnd.pick([0.8, 0.75, 0.7]) : null;
      const nav = threshold === null ? 0.95 + rnd.next() * 0.3 : threshold - rnd.int(1, 400) / 10_000;
      const deadline = day + (trigger === '03' ? 10 : 5) * DAY;
      drawn.push({
        kind: 'clearPosition',
        feedDay: day,
        cells: [plan.enterprise_no, account.account_no, account.product_code, trigger, fourPlaces(nav), threshold === null ? '' : fourPlaces(threshold), formatDate(day), formatDate(deadline)],
        row: {
          enterprise_no: plan.enterprise_no,
          account_no: account.account_no,
          product_code: account.product_code,
          product_name: '',
          trigger_type: trigger,
          unit_nav: fourPlaces(nav),
          threshold: threshold === null ? null : fourPlaces(threshold),
          trigger_date: formatDate(day),
          deadline: formatDate(deadline),
          ...handling('clearPosition', day, recent ? 0 : ageOf(day) > 6 ? 0.85 : 0.25),
        },
      });
    }

    // 预清算提醒: settlement on the next business day; about a third short of funds.
    const settled = new Set<string>();
    for (let n = 0; n < plan.preCleaning; n += 1) {
      // The first two are the latest feed's, short of funds and still open.
      const latest = n < 2;
      const day = latest ? days.at(-1)! : rnd.pick(days);
      const account = rnd.pick(accounts);
      const market = rnd.pick(['SH', 'SH', 'SZ', 'SZ', 'IB', 'BJ', 'HK'] as const);
      const settleDay = nextBusinessDay(day);
      const key = `${account.account_no}|${settleDay}|${market}`;
      if (settled.has(key)) continue;
      settled.add(key);
      const due = 10 ** (5 + rnd.next() * 3);
      const available = latest || rnd.chance(0.35) ? due * (0.2 + rnd.next() * 0.75) : due * (1 + rnd.next() * 2);
      drawn.push({
        kind: 'preCleaning',
        feedDay: day,
        cells: [plan.enterprise_no, account.account_no, formatDate(settleDay), market, cents(due), cents(available)],
        row: {
          enterprise_no: plan.enterprise_no,
          account_no: account.account_no,
          settle_date: formatDate(settleDay),
          market,
          amount_due: cents(due),
          available_balance: cents(available),
          ...handling('preCleaning', day, latest ? 0 : settleDay <= today ? 0.85 : 0.15),
        },
      });
    }

    // 新股缴款提醒: each issue allotted to a few of the enterprise's products, payable on its deadline.
    const issues = [...NEW_ISSUES];
    for (let n = 0; n < plan.newSharePayment && issues.length > 0; n += 1) {
      const issue = issues.splice(rnd.int(0, issues.length - 1), 1)[0]!;
      // Spread over the month; the latest issues still wait for payment today or later.
      const index = Math.min(days.length - 1, Math.floor(((n + 1) / plan.newSharePayment) * days.length));
      const day = days[index]!;
      const deadline = n >= plan.newSharePayment - 2 ? nextBusinessDay(day) : day;
      const allotted = pickSome(rnd, accounts, rnd.int(2, 4));
      for (const [i, account] of allotted.entries()) {
        const quantity = rnd.int(1, 60) * 500 + (issue.market === 'BJ' ? rnd.int(0, 9) * 100 : 0);
        drawn.push({
          kind: 'newSharePayment',
          feedDay: day,
          cells: [plan.enterprise_no, account.account_no, issue.stockCode, issue.stockName, issue.market, String(quantity), issue.price, formatDate(deadline)],
          row: {
            enterprise_no: plan.enterprise_no,
            account_no: account.account_no,
            stock_code: issue.stockCode,
            stock_name: issue.stockName,
            market: issue.market,
            quantity,
            issue_price: issue.price,
            payment_deadline: formatDate(deadline),
            // The first allotment of an issue still payable waits for payment.
            ...handling('newSharePayment', day, deadline < today ? 0.8 : i === 0 ? 0 : 0.3),
          },
        });
      }
    }
  }
  if (drawn.length === 0) return;

  // The register's product names, as an import records them.
  const names = new Map(
    (
      await trx
        .selectFrom('custody_accounts')
        .select(['account_no', 'product_name'])
        .where('enterprise_no', 'in', enterpriseNos)
        .execute()
    ).map((a) => [a.account_no, a.product_name]),
  );

  // One feed per kind and day, its lines in enterprise and account order.
  const feeds = new Map<string, Drawn[]>();
  for (const d of drawn) {
    const feedId = `${FEED_PREFIX[d.kind]}${formatDate(d.feedDay).replace(/-/g, '')}01`;
    feeds.set(feedId, [...(feeds.get(feedId) ?? []), d]);
  }
  for (const [feedId, rows] of [...feeds].sort(([a], [b]) => (a.slice(-10) < b.slice(-10) ? -1 : 1))) {
    const { kind, feedDay } = rows[0]!;
    rows.sort((a, b) => (a.cells.slice(0, 2).join() < b.cells.slice(0, 2).join() ? -1 : 1));
    const csv = [FEED_COLUMNS[kind].join(','), ...rows.map((r) => [feedId, ...r.cells].join(','))].join('\r\n') + '\r\n';
    // Feeds come at 07:30; today's, when the seed runs earlier, a moment ago.
    const importedAt = new Date(Math.min(feedDay + 7.5 * HOUR + rows.length * 1000, now - 120_000));
    const { id } = await trx
      .insertInto('warning_feeds')
      .values({
        feed_id: feedId,
        kind,
        file_name: `${WARNING_KIND_NAMES[kind]}_${formatDate(feedDay).replace(/-/g, '')}.csv`,
        file_digest: sm3Hex(Buffer.from(csv, 'utf8')),
        row_count: rows.length,
        enterprise_count: new Set(rows.map((r) => r.cells[0])).size,
        imported_by_user_id: importer.user_id,
        imported_by_user_no: importer.user_no,
        imported_at: importedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = { feed_id: id, created_at: importedAt };
    const of = <K extends WarningKind>(k: K) => rows.flatMap((r, i) => (r.kind === k ? [{ ...(r.row as Extract<Drawn, { kind: K }>['row']), ...line, row_no: i + 2 }] : []));
    if (kind === 'clearPosition') {
      await trx
        .insertInto('clear_position_warnings')
        .values(of('clearPosition').map((l) => ({ ...l, product_name: names.get(l.account_no)! })))
        .execute();
    } else if (kind === 'preCleaning') {
      await trx.insertInto('pre_cleaning_reminders').values(of('preCleaning')).execute();
    } else {
      await trx.insertInto('new_share_payments').values(of('newSharePayment')).execute();
    }
  }
}
