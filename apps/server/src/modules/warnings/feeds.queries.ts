import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { warningKey, type ClearPositionRow, type FeedRows, type NewSharePaymentRow, type PreCleaningRow, type WarningKind } from '@portal/shared';
import type { DB, WarningFeedsTable } from '../../db/schema';

/** The reads and writes of a feed import: the register a feed is checked against, the feed and its rows. */

type Trx = Transaction<DB>;

/** Slices of a list, so one statement's parameters stay well below PostgreSQL's limit. */
const slices = <T>(list: readonly T[], size = 500) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export function feedById(db: Kysely<DB>, feedId: string) {
  return db.selectFrom('warning_feeds').select(['kind', 'file_digest', 'imported_at']).where('feed_id', '=', feedId).executeTakeFirst();
}

/**
 * What a feed's rows are checked against: which of the enterprises they name exist, the accounts
 * they name (with their enterprise and product), and the warnings already imported on those
 * accounts, by `warningKey`, with the feed they came in.
 */
export async function registerFor<K extends WarningKind>(db: Kysely<DB>, kind: K, rows: readonly FeedRows[K][]) {
  const enterprises = new Set<string>();
  const accounts = new Map<string, { enterprise_no: string; product_code: string }>();
  const imported = new Map<string, string>();
  for (const slice of slices([...new Set(rows.map((r) => r.enterpriseNo))])) {
    for (const e of await db.selectFrom('enterprises').select('enterprise_no').where('enterprise_no', 'in', slice).execute()) enterprises.add(e.enterprise_no);
  }
  for (const slice of slices([...new Set(rows.map((r) => r.accountNo))])) {
    const found = await db.selectFrom('custody_accounts').select(['account_no', 'enterprise_no', 'product_code']).where('account_no', 'in', slice).execute();
    for (const a of found) accounts.set(a.account_no, a);
    for (const [key, feed] of await importedKeys(db, kind, slice)) imported.set(key, feed);
  }
  return { enterprises, accounts, imported };
}

/** The warnings already imported on `accountNos`, by `warningKey`, with the feed they came in. */
async function importedKeys(db: Kysely<DB>, kind: WarningKind, accountNos: readonly string[]): Promise<[string, string][]> {
  switch (kind) {
    case 'clearPosition': {
      const rows = await db
        .selectFrom('clear_position_warnings as w')
        .innerJoin('warning_feeds as f', 'f.id', 'w.feed_id')
        .select(['w.account_no', 'w.trigger_type', sql<string>`to_char(w.trigger_date, 'YYYY-MM-DD')`.as('trigger_date'), 'f.feed_id'])
        .where('w.account_no', 'in', accountNos)
        .execute();
      return rows.map((r) => [warningKey('clearPosition', { accountNo: r.account_no, trigger: r.trigger_type, triggerDate: r.trigger_date } as ClearPositionRow), r.feed_id]);
    }
    case 'preCleaning': {
      const rows = await db
        .selectFrom('pre_cleaning_reminders as w')
        .innerJoin('warning_feeds as f', 'f.id', 'w.feed_id')
        .select(['w.account_no', 'w.market', sql<string>`to_char(w.settle_date, 'YYYY-MM-DD')`.as('settle_date'), 'f.feed_id'])
        .where('w.account_no', 'in', accountNos)
        .execute();
      return rows.map((r) => [warningKey('preCleaning', { accountNo: r.account_no, market: r.market, settleDate: r.settle_date } as PreCleaningRow), r.feed_id]);
    }
    case 'newSharePayment': {
      const rows = await db
        .selectFrom('new_share_payments as w')
        .innerJoin('warning_feeds as f', 'f.id', 'w.feed_id')
        .select(['w.account_no', 'w.stock_code', 'f.feed_id'])
        .where('w.account_no', 'in', accountNos)
        .execute();
      return rows.map((r) => [warningKey('newSharePayment', { accountNo: r.account_no, stockCode: r.stock_code } as NewSharePaymentRow), r.feed_id]);
    }
  }
}

/** The feed's own row; its id for the warnings' rows. */
export async function insertFeed(trx: Trx, values: Insertable<WarningFeedsTable>): Promise<number> {
  const { id } = await trx.insertInto('warning_feeds').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A feed's rows into their kind's table; a position warning takes its product's name from the register. */
export async function insertFeedRows<K extends WarningKind>(trx: Trx, kind: K, feedId: number, rows: readonly FeedRows[K][]) {
  const products = new Map<string, string>();
  if (kind === 'clearPosition') {
    for (const slice of slices([...new Set(rows.map((r) => r.accountNo))])) {
      for (const a of await trx.selectFrom('custody_accounts').select(['account_no', 'product_name']).where('account_no', 'in', slice).execute()) products.set(a.account_no, a.product_name);
    }
  }
  for (const slice of slices(rows)) {
    const base = (r: FeedRows[K]) => ({ feed_id: feedId, row_no: r.rowNo, enterprise_no: r.enterpriseNo, account_no: r.accountNo });
    if (kind === 'clearPosition') {
      await trx
        .insertInto('clear_position_warnings')
        .values(
          (slice as ClearPositionRow[]).map((r) => ({
            ...base(r as FeedRows[K]),
            product_code: r.productCode,
            product_name: products.get(r.accountNo)!,
            trigger_type: r.trigger,
            unit_nav: r.unitNav,
            threshold: r.threshold,
            trigger_date: r.triggerDate,
            deadline: r.deadline,
          })),
        )
        .execute();
    } else if (kind === 'preCleaning') {
      await trx
        .insertInto('pre_cleaning_reminders')
        .values(
          (slice as PreCleaningRow[]).map((r) => ({
            ...base(r as FeedRows[K]),
            settle_date: r.settleDate,
            market: r.market,
            amount_due: r.amountDue,
            available_balance: r.availableBalance,
          })),
        )
        .execute();
    } else {
      await trx
        .insertInto('new_share_payments')
        .values(
          (slice as NewSharePaymentRow[]).map((r) => ({
            ...base(r as FeedRows[K]),
            stock_code: r.stockCode,
            stock_name: r.stockName,
            market: r.market,
            quantity: r.quantity,
            issue_price: r.issuePrice,
            payment_deadline: r.paymentDeadline,
          })),
        )
        .execute();
    }
  }
}
