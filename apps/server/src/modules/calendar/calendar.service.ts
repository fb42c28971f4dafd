import type { FastifyRequest } from 'fastify';
import { calendarKindProblem, decodeCsv, type CalendarImportResult, type OperationParsed, type calendarApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { sm3Hex } from '../../sm3';
import { parseCalendarCsv } from './calendar-csv';
import { calendarMarks } from './calendar-marks';
import { clearDay, dayByDate, replaceYear, saveDay } from './calendar.queries';

type SaveInput = OperationParsed<typeof calendarApi.calendarDaySave>;
type ImportInput = OperationParsed<typeof calendarApi.calendarImport>;

/** A rejected file's rows, carried out of the transaction so that it rolls back. */
class RowsRejected extends Error {
  constructor(readonly errors: CalendarImportResult['errors']) {
    super('rows rejected');
  }
}

/** Staff keep the business calendar: one day at a time or a whole year from its published schedule. */
export class CalendarDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async save(request: FastifyRequest, session: SessionInfo, input: SaveInput) {
    const now = new Date(this.#ctx.now());
    return auditedTransaction(this.#ctx.database, request, 'calendar.day.save', { date: input.date }, now, async (trx) => {
      const problem = calendarKindProblem(input.date, input.kind);
      if (problem) throw refuse(problem);
      const before = await dayByDate(trx, input.date);
      await saveDay(trx, { day: input.date, kind: input.kind, name: input.name, updated_by: session.username, updated_at: now });
      return { result: null, detail: { before: before ? { kind: before.kind, name: before.name } : null, after: { kind: input.kind, name: input.name } } };
    }).finally(() => calendarMarks(this.#ctx).changed());
  }

  async clear(request: FastifyRequest, date: string) {
    return auditedTransaction(this.#ctx.database, request, 'calendar.day.clear', { date }, new Date(this.#ctx.now()), async (trx) => {
      const before = await dayByDate(trx, date);
      if (!before) throw refuse('该日期未设置，已按周一至周五为工作日处理');
      await clearDay(trx, date);
      return { result: null, detail: { before: { kind: before.kind, name: before.name }, after: null } };
    }).finally(() => calendarMarks(this.#ctx).changed());
  }

  /** The year's schedule: every row checked, then the year's marks replaced in one transaction. */
  async import(request: FastifyRequest, session: SessionInfo, input: ImportInput): Promise<CalendarImportResult> {
    const bytes = Buffer.from(input.content, 'base64');
    const target = { year: input.year, fileName: input.fileName, fileDigest: sm3Hex(bytes) };
    const parsed = parseCalendarCsv(decodeCsv(bytes), input.year);
    const count = (kind: string) => parsed.days.filter((d) => d.kind === kind).length;
    const answer = (outcome: CalendarImportResult['outcome'], message: string, errors: CalendarImportResult['errors'] = []): CalendarImportResult => ({
      outcome,
      year: input.year,
      rowCount: parsed.rowCount,
      holidays: count('holiday'),
      workdays: count('workday'),
      exchangeClosures: count('exchangeClosed'),
      errors,
      message,
    });
    const rejected = (errors: CalendarImportResult['errors']) =>
      answer('rejected', `校验未通过，未导入任何数据：共${parsed.rowCount}行，其中${errors.length}行有误`, errors);
    if (parsed.fileError) {
      if (!input.preview) await recordAudit(this.#ctx.database, request, { event: 'calendar.import', outcome: 'failure', detail: { ...target, reason: parsed.fileError } });
      throw refuse(parsed.fileError);
    }
    if (input.preview) return parsed.errors.length > 0 ? rejected(parsed.errors) : answer('valid', this.#summary(input.year, parsed.rowCount, '可以导入'));
    const now = new Date(this.#ctx.now());
    try {
      return await auditedTransaction(this.#ctx.database, request, 'calendar.import', target, now, async (trx) => {
        if (parsed.errors.length > 0) throw new RowsRejected(parsed.errors);
        await replaceYear(trx, input.year, parsed.days.map((d) => ({ day: d.date, kind: d.kind, name: d.name, updated_by: session.username, updated_at: now })));
        const result = answer('imported', this.#summary(input.year, parsed.rowCount, '已替换该年的工作日历'));
        return { result, detail: { rowCount: parsed.rowCount, holidays: result.holidays, workdays: result.workdays, exchangeClosures: result.exchangeClosures } };
      }).finally(() => calendarMarks(this.#ctx).changed());
    } catch (err) {
      if (!(err instanceof RowsRejected)) throw err;
      await recordAudit(this.#ctx.database, request, { event: 'calendar.import', outcome: 'failure', detail: { ...target, reason: `${err.errors.length}行有误` } });
      return rejected(err.errors);
    }
  }

  #summary(year: number, rows: number, tail: string) {
    return `校验通过：${year}年共${rows}个日期，${tail}`;
  }
}

