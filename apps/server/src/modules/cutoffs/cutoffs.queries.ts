import type { Kysely } from 'kysely';
import type { CutoffRecord } from '@portal/shared';
import type { DB } from '../../db/schema';

const recordOf = (r: { instruction_type: string; currency: string; cutoff_time: string; notice_hours: number; updated_by: string; updated_at: Date }): CutoffRecord => ({
  type: r.instruction_type,
  currency: r.currency,
  cutoffTime: r.cutoff_time,
  noticeHours: r.notice_hours,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at.toISOString(),
});

/** Every type and currency's cut-off, by type then currency. */
export async function listCutoffs(db: Kysely<DB>): Promise<CutoffRecord[]> {
  const rows = await db.selectFrom('instruction_cutoffs').selectAll().orderBy('instruction_type').orderBy('currency').execute();
  return rows.map(recordOf);
}

/** One type and currency's cut-off, locked for its change. */
export async function lockCutoff(db: Kysely<DB>, type: string, currency: string) {
  const row = await db.selectFrom('instruction_cutoffs').selectAll().where('instruction_type', '=', type).where('currency', '=', currency).forUpdate().executeTakeFirst();
  return row && recordOf(row);
}

export async function saveCutoff(db: Kysely<DB>, r: { type: string; currency: string; cutoffTime: string; noticeHours: number; updatedBy: string; updatedAt: Date }) {
  const row = await db
    .insertInto('instruction_cutoffs')
    .values({ instruction_type: r.type, currency: r.currency, cutoff_time: r.cutoffTime, notice_hours: r.noticeHours, updated_by: r.updatedBy, updated_at: r.updatedAt })
    .onConflict((oc) => oc.columns(['instruction_type', 'currency']).doUpdateSet({ cutoff_time: r.cutoffTime, notice_hours: r.noticeHours, updated_by: r.updatedBy, updated_at: r.updatedAt }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return recordOf(row);
}
