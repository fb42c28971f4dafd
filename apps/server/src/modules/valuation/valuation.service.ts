import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  decodeCsv,
  parseValuationFeed,
  statementFingerprint,
  statementKey,
  valuationApi,
  type OperationParsed,
  type ValuationImportResult,
  type ValuationRowError,
  type ValuationStatement,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { sm3Hex } from '../../sm3';
import { lineRow, statementRow } from './valuation-rows';
import { existingStatements, registerProducts } from './valuation.queries';

type ImportInput = OperationParsed<typeof valuationApi.custodianValuationImport>;

const beijingTime = (d: string) => new Date(Date.parse(d) + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);

/**
 * Staff import of valuation files: the layout checked against the format in force, each line at
 * once, each statement against the register and what is on file; then all new statements written
 * in one transaction, or none. A statement already on file with the same content is skipped (the
 * same file twice adds nothing); one with other content refuses the file: a correction is not
 * taken silently in place of what customers have already read.
 */
export class ValuationDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async importFile(request: FastifyRequest, session: SessionInfo, input: ImportInput): Promise<ValuationImportResult> {
    const bytes = Buffer.from(input.content, 'base64');
    const fileDigest = sm3Hex(bytes);
    const target = { fileName: input.fileName, fileDigest };
    try {
      return await this.#run(request, session, input, bytes, fileDigest);
    } catch (err) {
      if (err instanceof AppError && !input.preview) await recordAudit(this.#ctx.database, request, { event: 'valuation.import', outcome: 'failure', detail: { ...target, reason: err.message } });
      throw err;
    }
  }

  async #run(request: FastifyRequest, session: SessionInfo, input: ImportInput, bytes: Buffer, fileDigest: string): Promise<ValuationImportResult> {
    const parsed = parseValuationFeed(decodeCsv(bytes));
    if (parsed.fileError) throw refuse(parsed.fileError);
    const { rowCount } = parsed;
    const answer = (outcome: ValuationImportResult['outcome'], message: string, extra: Partial<ValuationImportResult> = {}): ValuationImportResult => ({
      outcome,
      rowCount,
      statementCount: parsed.statements.length,
      added: 0,
      unchanged: 0,
      enterpriseNos: [],
      errors: [],
      message,
      ...extra,
    });
    const rejected = (errors: ValuationRowError[]) =>
      answer('rejected', `校验未通过，未导入任何数据：共${rowCount}行，其中${errors.length}行有误`, { errors: [...errors].sort((a, b) => a.rowNo - b.rowNo) });
    const db = this.#ctx.database.db;

    const check = async (conn: Kysely<DB>) => {
      const errors = [...parsed.errors, ...(await this.#checkStatements(conn, parsed.statements))];
      const existing = await existingStatements(conn, parsed.statements);
      const fresh = parsed.statements.filter((s) => !existing.has(statementKey(s)));
      return { errors, fresh, unchanged: parsed.statements.length - fresh.length };
    };

    const first = await check(db);
    if (first.errors.length > 0) {
      if (!input.preview) await recordAudit(db, request, { event: 'valuation.import', outcome: 'failure', detail: { fileName: input.fileName, fileDigest, reason: '文件校验未通过', errorCount: first.errors.length } });
      return rejected(first.errors);
    }
    const enterpriseNos = [...new Set(first.fresh.map((s) => s.enterpriseNo))].sort();
    if (first.fresh.length === 0) return answer('duplicate', `文件中的${parsed.statements.length}份估值表均已导入且内容相同，本次未新增数据`, { unchanged: first.unchanged });
    const summary = `共${parsed.statements.length}份估值表，新增${first.fresh.length}份${first.unchanged > 0 ? `，${first.unchanged}份已导入且内容相同` : ''}`;
    if (input.preview) return answer('valid', `校验通过：${summary}，可以导入`, { enterpriseNos, unchanged: first.unchanged });

    try {
      return await db.transaction().execute(async (trx) => {
        const again = await check(trx);
        if (again.errors.length > 0) throw refuse('估值数据已被同时导入或修改，请重新校验');
        const { products } = await registerProducts(trx, again.fresh);
        const { id: importId } = await trx
          .insertInto('valuation_imports')
          .values({
            file_name: input.fileName,
            file_digest: fileDigest,
            row_count: rowCount,
            statement_count: parsed.statements.length,
            added: again.fresh.length,
            imported_by_user_id: session.userId,
            imported_by_user_no: session.userNo,
            imported_at: new Date(this.#ctx.now()),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertStatements(trx, importId, again.fresh, products);
        const added = again.fresh.map((s) => statementKey(s));
        await recordAudit(trx, request, { event: 'valuation.import', outcome: 'success', detail: { fileName: input.fileName, fileDigest, rowCount, added: added.length, unchanged: again.unchanged, statements: added.slice(0, 200) } });
        return answer('imported', `导入成功：${summary}`, { added: again.fresh.length, unchanged: again.unchanged, enterpriseNos });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw refuse('部分估值表已被同时导入，请重新校验');
    }
  }

  /** Each statement against the register (enterprise, product) and what is on file for its product and day. */
  async #checkStatements(db: Kysely<DB>, statements: readonly ValuationStatement[]): Promise<ValuationRowError[]> {
    const { enterprises, products } = await registerProducts(db, statements);
    const existing = await existingStatements(db, statements);
    const errors: ValuationRowError[] = [];
    for (const s of statements) {
      const fail = (reason: string) => errors.push({ rowNo: s.rowNo, productCode: s.productCode, reason });
      const onFile = existing.get(statementKey(s));
      if (!enterprises.has(s.enterpriseNo)) fail(`企业编号${s.enterpriseNo}不存在`);
      else if (!products.has(`${s.enterpriseNo}|${s.productCode}`)) fail(`产品${s.productCode}不是企业${s.enterpriseNo}的托管产品`);
      else if (onFile && onFile.digest !== sm3Hex(statementFingerprint(s)))
        fail(`产品${s.productCode} ${s.valuationDate}的估值表已于${beijingTime(onFile.importedAt)}导入，本次内容与之不同，未导入：已导入的估值表不会被覆盖`);
    }
    return errors;
  }
}

/** The statements and their lines, in slices that keep each statement's parameters well below PostgreSQL's limit. */
export async function insertStatements(trx: Kysely<DB>, importId: number, statements: readonly ValuationStatement[], products: ReadonlyMap<string, string>) {
  for (const s of statements) {
    const { id } = await trx
      .insertInto('valuation_statements')
      .values({ import_id: importId, ...statementRow(s, products.get(`${s.enterpriseNo}|${s.productCode}`) ?? s.productCode) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = s.items.map((i, n) => ({ statement_id: id, ...lineRow(i, n + 1) }));
    for (let k = 0; k < lines.length; k += 400) await trx.insertInto('valuation_lines').values(lines.slice(k, k + 400)).execute();
  }
}
