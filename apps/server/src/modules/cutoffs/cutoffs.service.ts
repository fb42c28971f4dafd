import type { FastifyRequest } from 'fastify';
import { businessCalendar, custodyDayAt, formatDate, type CalendarDay, type CustodyDay, type OperationParsed, type cutoffsApi } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import type { SessionInfo } from '../../platform/sessions';
import { markedDaysFrom } from '../calendar';
import { listCutoffs, lockCutoff, saveCutoff } from './cutoffs.queries';

type SaveInput = OperationParsed<typeof cutoffsApi.cutoffSave>;

const YEAR_MS = 366 * 86_400_000;

/**
 * The custody day at `now`: the calendar (its marks from a year back, far enough for any notice
 * period or expired instruction) and staff's cut-offs, read afresh so that every instance judges
 * by what staff last saved.
 */
export async function loadCustodyDay(db: Kysely<DB>, now: number): Promise<CustodyDay & { marked: CalendarDay[] }> {
  const [marked, cutoffs] = await Promise.all([markedDaysFrom(db, formatDate(now - YEAR_MS)), listCutoffs(db)]);
  return { ...custodyDayAt(now, businessCalendar(marked), cutoffs), marked };
}

/** Staff set the cut-off of one instruction type and currency. */
export class CutoffDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async save(request: FastifyRequest, session: SessionInfo, input: SaveInput) {
    const now = new Date(this.#ctx.now());
    return auditedTransaction(this.#ctx.database, request, 'cutoff.save', { type: input.type, currency: input.currency }, now, async (trx) => {
      const before = await lockCutoff(trx, input.type, input.currency);
      const saved = await saveCutoff(trx, { ...input, updatedBy: session.username, updatedAt: now });
      const setting = (r: { cutoffTime: string; noticeHours: number }) => ({ cutoffTime: r.cutoffTime, noticeHours: r.noticeHours });
      return { result: saved, detail: { before: before ? setting(before) : null, after: setting(saved) } };
    });
  }
}
