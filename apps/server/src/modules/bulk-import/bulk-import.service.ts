import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { RETURN_CODES, bulkImportApi, instructionsApi, centsToDecimal, formatDate, formatDateTime, toCents, type CustodyDay, type ImportRowError, type ImportTotal, type OperationParsed } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { businessNow } from '../../platform/business-clock';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import { currentCustodyDay } from '../cutoffs';
import { createEntries, judgeEntries } from '../instructions';
import { knownCnaps } from '../payees';
import { sm3Hex } from '../../sm3';
import { importForReport, importOfFile, insertImport, insertImportRows, listImports, nextImportSeq } from './bulk-import.queries';
import { readImportFile, type ReadFile } from './import-file';
import { pain002, statusCsv } from './status-report';
import { templateWorkbook } from './template';

const api = bulkImportApi;
const M = api.IMPORT_MESSAGES;
type Input<Op> = OperationParsed<Op>;
type Actor = Pick<SessionInfo, 'enterpriseNo' | 'userNo' | 'userId'>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The totals by currency of the rows whose amount reads well. */
function totalsOf(file: ReadFile): ImportTotal[] {
  const by = new Map<string, { count: number; cents: bigint }>();
  for (const row of file.rows) {
    const amount = instructionsApi.instructionAmountSchema.safeParse(row.fields.amount);
    if (!amount.success) continue;
    const cents = toCents(amount.data)!;
    const currency = row.fields.currency || 'CNY';
    const t = by.get(currency) ?? { count: 0, cents: 0n };
    by.set(currency, { count: t.count + 1, cents: t.cents + cents });
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => ({ currency, count: t.count, amount: centsToDecimal(t.cents) }));
}

/**
 * 批量导入: a trial judges a file as its import would and writes nothing; the import judges it
 * again inside its transaction (payer accounts locked), and creates every instruction under one
 * signed import record or none. Reports read the instructions' states now.
 */
export class BulkImportDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  #day = (request: FastifyRequest) => currentCustodyDay(this.#ctx, businessNow(this.#ctx, request));

  /** Every problem of the file: the format's, the instruction rules' (via the instructions module), unknown CNAPS codes, repeated references. */
  async #judge(db: Kysely<DB>, day: CustodyDay, actor: Actor, file: ReadFile, submit: boolean, lock: boolean) {
    if (file.rows.length > api.IMPORT_MAX_ROWS) return { errors: [{ rowNo: 0, field: 'file', reason: `${M.tooMany}，该文件有${file.rows.length}笔` }], entries: [] };
    const errors: ImportRowError[] = [...file.errors];
    if (file.rows.length === 0) {
      if (errors.length === 0) errors.push({ rowNo: 0, field: 'file', reason: M.empty });
      return { errors, entries: [] };
    }
    const judged = await judgeEntries(db, day, actor, file.rows, { submit, lock });
    errors.push(...judged.errors);
    const codes = [...new Set(file.rows.map((r) => r.fields.payeeCnaps ?? '').filter((c) => /^\d{12}$/.test(c)))];
    const known = await knownCnaps(db, codes);
    const firstOf = new Map<string, number>();
    for (const row of file.rows) {
      const cnaps = row.fields.payeeCnaps ?? '';
      if (/^\d{12}$/.test(cnaps) && !known.has(cnaps)) errors.push({ rowNo: row.rowNo, field: 'payeeCnaps', reason: `大额支付行号${cnaps}不在行号表中，请核对` });
      const earlier = firstOf.get(row.endToEndId);
      if (earlier !== undefined) errors.push({ rowNo: row.rowNo, field: 'endToEndId', reason: `业务参考号${row.endToEndId}与第${earlier}${file.format === 'xlsx' ? '行' : '笔'}重复` });
      else firstOf.set(row.endToEndId, row.rowNo);
    }
    errors.sort((a, b) => a.rowNo - b.rowNo);
    return { errors, entries: judged.entries };
  }

  async trial(request: FastifyRequest, session: SessionInfo, input: Input<typeof api.importTrial>) {
    const bytes = Buffer.from(input.content, 'base64');
    const fileSm3 = sm3Hex(bytes);
    const [file, day] = await Promise.all([readImportFile(input.fileName, bytes), this.#day(request)]);
    const { errors } = await this.#judge(this.#db, day, session, file, input.submit, false);
    const earlier = await importOfFile(this.#db, session.enterpriseNo, fileSm3);
    return {
      format: file.format,
      fileSm3,
      rowCount: file.rows.length,
      errors,
      totals: totalsOf(file),
      duplicateOf: earlier ? { importNo: earlier.import_no, createdAt: earlier.created_at.toISOString() } : null,
    };
  }

  async confirm(request: FastifyRequest, session: SessionInfo, input: Input<typeof api.importConfirm>) {
    const bytes = Buffer.from(input.content, 'base64');
    const fileSm3 = sm3Hex(bytes);
    const [file, day] = await Promise.all([readImportFile(input.fileName, bytes), this.#day(request)]);
    const totals = totalsOf(file);
    const target = { fileName: input.fileName, fileSm3, rowCount: file.rows.length, submit: input.submit, allowDuplicate: input.allowDuplicate };
    const id = await auditedTransaction(this.#ctx.database, request, 'instruction.import', target, new Date(this.#ctx.now()), async (trx, now) => {
      // The file as the server reads it is what the signature must cover.
      const signature = await verifyOperationSignature(trx, request, input, { fileSm3, rowCount: file.rows.length });
      // Two imports of one file at once would each miss the other: they take turns.
      await sql`select pg_advisory_xact_lock(hashtext(${`import:${session.enterpriseNo}:${fileSm3}`}))`.execute(trx);
      const earlier = await importOfFile(trx, session.enterpriseNo, fileSm3);
      if (earlier && !input.allowDuplicate) throw refuse(api.duplicateMessage(earlier.import_no, formatDateTime(earlier.created_at).slice(0, 16)));
      const { errors, entries } = await this.#judge(trx, day, session, file, input.submit, true);
      if (errors.length > 0) throw new AppError(RETURN_CODES.INVALID_PARAMETER, `${M.notClean}（共${errors.length}处）`, { errors: errors.slice(0, 200) });
      const importNo = `PL${formatDate(now).replace(/-/g, '')}${(await nextImportSeq(trx)).padStart(6, '0')}`;
      const { id: importId } = await insertImport(trx, {
        import_no: importNo,
        enterprise_no: session.enterpriseNo,
        file_name: input.fileName,
        format: file.format,
        file_sm3: fileSm3,
        message_id: file.messageId ?? importNo,
        row_count: file.rows.length,
        totals: JSON.stringify(totals),
        submitted: input.submit,
        duplicate_of: earlier?.id ?? null,
        created_by_user_id: session.userId,
        created_by_user_no: session.userNo,
        created_at: now,
        sign_code: signature.code,
        sign_data: signature.data,
        sign_msg: signature.signMsg,
      });
      const ids = await createEntries(trx, now, session, entries, input.submit);
      const byRow = new Map(file.rows.map((r) => [r.rowNo, r]));
      await insertImportRows(
        trx,
        entries.map((e, i) => {
          const row = byRow.get(e.rowNo)!;
          return { import_id: importId, row_no: e.rowNo, instruction_id: ids[i]!, payment_info_id: row.paymentInfoId || importNo, instr_id: row.instrId, end_to_end_id: row.endToEndId };
        }),
      );
      return { result: importId, detail: { importNo, totals, duplicateOf: earlier?.import_no ?? null } };
    });
    return (await listImports(this.#db, session.enterpriseNo, { page: 1, limit: 1, id })).records[0]!;
  }

  list(session: SessionInfo, input: Input<typeof api.importQuery>) {
    return listImports(this.#db, session.enterpriseNo, input);
  }

  async template() {
    return { fileName: '批量导入模板.xlsx', contentType: XLSX, body: await templateWorkbook() };
  }

  async report(request: FastifyRequest, session: SessionInfo, input: Input<typeof api.importReport>) {
    const now = businessNow(this.#ctx, request);
    const found = await importForReport(this.#db, session.enterpriseNo, input.id, formatDate(now));
    if (!found) throw new AppError(RETURN_CODES.NOT_FOUND, M.notFound);
    const { head, payments } = found;
    const controlSum = centsToDecimal(head.totals.reduce((s, t) => s + toCents(t.amount)!, 0n));
    const body =
      input.format === 'xml'
        ? Buffer.from(pain002({ importNo: head.import_no, messageId: head.message_id, format: head.format, rowCount: head.row_count, controlSum }, payments, now), 'utf8')
        : Buffer.from(statusCsv(payments, now), 'utf8');
    await recordAudit(this.#ctx.database, request, { event: 'instruction.import_report', outcome: 'success', detail: { importNo: head.import_no, format: input.format } });
    return {
      fileName: `${head.import_no}_状态报告.${input.format}`,
      contentType: input.format === 'xml' ? 'application/xml' : 'text/csv',
      body,
    };
  }
}
