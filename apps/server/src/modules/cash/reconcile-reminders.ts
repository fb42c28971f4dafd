import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { notify, seatsWithAuthority, type Notified } from '../messages';
import { reconcileItems } from './reconcile';

/** 电子对账's page, where a reminder leads. */
const RECONCILE_PATH = '/valuation/electronicReconcile/index';
/** Periods that ended longer ago are left to the list: a new enterprise is not told of a year of them at once. */
const RECENT_DAYS = 45;

/**
 * 对账提醒: for each enterprise and recently ended period with accounts still 未对账, one
 * notification to the seats that may answer (CASH_RECONCILE). Its subject names enterprise and
 * period, so however many passes or instances run this, a seat hears of a period once.
 */
export async function remindReconciliation(db: Kysely<DB>, today: string, at: Date): Promise<Notified[]> {
  const due = (await reconcileItems(db, null, today)).filter((i) => i.status === 'due' && i.daysOverdue <= RECENT_DAYS);
  const periods = new Map<string, typeof due>();
  for (const i of due) {
    const key = `${i.enterpriseNo}:${i.periodStart}`;
    periods.set(key, [...(periods.get(key) ?? []), i]);
  }
  if (periods.size === 0) return [];
  return db.transaction().execute(async (trx) => {
    const sent: Notified[] = [];
    for (const [key, items] of periods) {
      const { enterpriseNo, periodStart, periodEnd, daysOverdue } = items[0]!;
      const accounts = items.map((i) => `${i.accountName}（${i.accountNo}）`);
      sent.push(
        await notify(trx, {
          recipients: seatsWithAuthority(trx, [enterpriseNo], 'CASH_RECONCILE'),
          kind: 'reconciliation',
          title: `${periodStart}至${periodEnd}资金对账提醒`,
          body: `${accounts.length}个托管账户本期资金对账单待对账确认${daysOverdue > 0 ? `（期末已过${daysOverdue}天）` : ''}：${accounts.join('、')}。请核对后在电子对账中签署相符或不符。`,
          link: RECONCILE_PATH,
          subject: `cashReconcile:${key}`,
          at,
        }),
      );
    }
    return sent;
  });
}
