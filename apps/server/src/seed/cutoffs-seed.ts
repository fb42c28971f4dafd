import type { Transaction } from 'kysely';
import { CODE_TABLES, type CutoffSetting } from '@portal/shared';
import type { DB } from '../db/schema';

/**
 * Demo cut-offs (README: demo data) over migration 0030's 15:00 for everything: foreign-currency
 * payments close at 14:00, and 申购赎回款 (fund subscriptions and redemptions) must be through two
 * working hours before the cut-off so the back office can arrange the money.
 */
export const DEMO_CUTOFFS: CutoffSetting[] = Object.keys(CODE_TABLES.instructionType).flatMap((type) =>
  Object.keys(CODE_TABLES.currencyName).map((currency) => ({
    type,
    currency,
    cutoffTime: currency === 'CNY' ? '15:00' : '14:00',
    noticeHours: type === '03' ? 2 : 0,
  })),
);

/** Idempotent: a type and currency staff already changed keeps their setting. */
export async function seedCutoffs(trx: Transaction<DB>) {
  for (const c of DEMO_CUTOFFS) {
    await trx
      .updateTable('instruction_cutoffs')
      .set({ cutoff_time: c.cutoffTime, notice_hours: c.noticeHours })
      .where('instruction_type', '=', c.type)
      .where('currency', '=', c.currency)
      .where('updated_by', '=', 'system')
      .execute();
  }
}
