import type { FastifyRequest } from 'fastify';
import { businessCalendar, custodyDayAt, type BusinessCalendar, type CalendarDay, type CustodyDay, type CutoffRecord, type OperationParsed, type cutoffsApi } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import type { SessionInfo } from '../../platform/sessions';
import { perInstance } from '../../platform/shared-setting';
import { calendarMarks, markedDays } from '../calendar';
import { listCutoffs, lockCutoff, saveCutoff } from './cutoffs.queries';

type SaveInput = OperationParsed<typeof cutoffsApi.cutoffSave>;

/** This instance's copy of staff's cut-offs. */
export const cutoffSettings = perInstance('cutoffs:changed', (ctx) => listCutoffs(ctx.database.db));

/** The calendar built once per copy of the marks (the instance's copy lives until staff change it). */
const calendars = new WeakMap<CalendarDay[], BusinessCalendar>();
function calendarOf(marked: CalendarDay[]): BusinessCalendar {
  let calendar = calendars.get(marked);
  if (!calendar) calendars.set(marked, (calendar = businessCalendar(marked)));
  return calendar;
}

const custodyDayOf = (now: number, marked: CalendarDay[], cutoffs: CutoffRecord[]) => ({ ...custodyDayAt(now, calendarOf(marked), cutoffs), marked });

/**
 * The custody day at `now`: the calendar and staff's cut-offs from this instance's copies, which
 * every change reaches on every instance at once (platform/shared-setting.ts).
 */
export async function currentCustodyDay(ctx: AppContext, now: number): Promise<CustodyDay & { marked: CalendarDay[] }> {
  const [marked, cutoffs] = await Promise.all([calendarMarks(ctx).get(), cutoffSettings(ctx).get()]);
  return custodyDayOf(now, marked, cutoffs);
}

/** The same read afresh from a database (benchmarks, which have no instance). */
export async function loadCustodyDay(db: Kysely<DB>, now: number): Promise<CustodyDay & { marked: CalendarDay[] }> {
  const [marked, cutoffs] = await Promise.all([markedDays(db), listCutoffs(db)]);
  return custodyDayOf(now, marked, cutoffs);
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
    }).finally(() => cutoffSettings(this.#ctx).changed());
  }
}
