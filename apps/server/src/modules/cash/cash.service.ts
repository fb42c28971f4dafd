import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { decodeCsv, parseCashCsv, dayKey, type CashFeedError, type CashImportResult, type OperationParsed, type ParsedCashFeed, cashApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { sm3Hex } from '../../sm3';
import { readCamt053 } from './camt053';
import { feedById, registerFor } from './cash.queries';

type ImportInput = OperationParsed<typeof cashApi.custodianCashImport>;

const beijingTime = (d: Date | string) => new Date(new Date(d).getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);

/**
 * Staff import of the custodian's statements: a CSV (layout 1.0) or a camt.053.001.08 file, read
 * into days and entries, every line checked at once against the format and then the register,
 * written all or nothing, idempotent by its batch id. An entry naming an instruction whose
 * execution already wrote it completes that entry rather than adding a second one.
 */
export class CashDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async importFeed(request: FastifyRequest, session: SessionInfo, input: ImportInput): Promise<CashImportResult> {
    const bytes = Buffer.from(input.content, 'base64');
    const digest = sm3Hex(bytes);
    const target = { fileName: input.fileName, fileDigest: digest };
    try {
      return await this.#importOrPreview(request, session, input, bytes, digest);
    } catch (err) {
      if (!input.preview && err instanceof AppError) await recordAudit(this.#ctx.database, request, { event: 'cash.import', outcome: 'failure', detail: { ...target, reason: err.message } });
      throw err;
    }
  }

  async #importOrPreview(request: FastifyRequest, session: SessionInfo, input: ImportInput, bytes: Buffer, digest: string): Promise<CashImportResult> {
    const parsed: ParsedCashFeed = input.fileName.toLowerCase().endsWith('.xml') ? readCamt053(bytes) : parseCashCsv(decodeCsv(bytes));
    if (parsed.fileError) throw refuse(parsed.fileError);
    const { feedId, format } = parsed;
    const answer = (outcome: CashImportResult['outcome'], message: string, extra: Partial<CashImportResult> = {}): CashImportResult => ({
      outcome,
      format,
      feedId,
      dayCount: parsed.days.length,
      entryCount: parsed.entries.length,
      matched: 0,
      enterpriseNos: [],
      errors: [],
      message,
      ...extra,
    });
    const db = this.#ctx.database.db;
    const earlier = feedId === null ? undefined : await this.#earlierFeed(db, feedId, digest);
    if (earlier) return answer('duplicate', earlier);
    const rejected = (errors: CashFeedError[]) =>
      answer('rejected', `校验未通过，未导入任何数据：共${parsed.rowCount}行，其中${new Set(errors.map((e) => e.rowNo)).size}行有误`, { errors: errors.sort((a, b) => a.rowNo - b.rowNo) });
    const summary = (n: number) => `${parsed.days.length}个账户日对账单、${parsed.entries.length}笔流水，涉及${n}家企业`;

    if (input.preview) {
      const { errors, enterpriseNos, matched } = await this.#check(db, parsed);
      return errors.length > 0 ? rejected(errors) : answer('valid', `校验通过：共${summary(enterpriseNos.length)}，可以导入`, { enterpriseNos, matched: matched.size });
    }
    const audit = { feedId, format, fileName: input.fileName, fileDigest: digest, days: parsed.days.length, entries: parsed.entries.length };
    try {
      return await db.transaction().execute(async (trx) => {
        const { errors, enterpriseNos, matched, accounts } = await this.#check(trx, parsed);
        if (errors.length > 0) throw new FeedRejected(errors);
        await this.#store(trx, session, input.fileName, digest, parsed, enterpriseNos.length, matched, accounts);
        await recordAudit(trx, request, { event: 'cash.import', outcome: 'success', detail: { ...audit, matched: matched.size, enterpriseNos } });
        return answer('imported', `导入成功：共${summary(enterpriseNos.length)}${matched.size > 0 ? `，其中${matched.size}笔与已执行指令的流水核销` : ''}`, { enterpriseNos, matched: matched.size });
      });
    } catch (err) {
      if (err instanceof FeedRejected) {
        await recordAudit(this.#ctx.database, request, { event: 'cash.import', outcome: 'failure', detail: { ...audit, reason: '文件校验未通过', errorCount: err.errors.length } });
        return rejected(err.errors);
      }
      if (!isUniqueViolation(err)) throw err;
      const meanwhile = await this.#earlierFeed(db, feedId!, digest);
      if (meanwhile) return answer('duplicate', meanwhile);
      throw refuse('部分对账单已被同时导入，请刷新导入记录后重试');
    }
  }

  /** The file's feed row, its days, its new entries, and the executed instructions' entries it completes. */
  async #store(trx: Transaction<DB>, session: SessionInfo, fileName: string, digest: string, parsed: ParsedCashFeed, enterpriseCount: number, matched: Map<string, number>, accounts: Map<string, { enterprise_no: string }>) {
    const now = new Date(this.#ctx.now());
    const { id } = await trx
      .insertInto('cash_feeds')
      .values({
        feed_id: parsed.feedId!,
        format: parsed.format,
        file_name: fileName,
        file_digest: digest,
        day_count: parsed.days.length,
        entry_count: parsed.entries.length,
        enterprise_count: enterpriseCount,
        imported_by_user_id: session.userId,
        imported_by_user_no: session.userNo,
        imported_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < parsed.days.length; i += 500) {
      await trx
        .insertInto('cash_days')
        .values(parsed.days.slice(i, i + 500).map((d) => ({ account_no: d.accountNo, statement_date: d.date, feed_id: id, currency: d.currency, opening: d.opening, closing: d.closing })))
        .execute();
    }
    const fresh = parsed.entries.filter((e) => !(e.instructionNo && matched.has(e.instructionNo)));
    for (let i = 0; i < fresh.length; i += 500) {
      await trx
        .insertInto('cash_entries')
        .values(
          fresh.slice(i, i + 500).map((e) => ({
            account_no: e.accountNo,
            enterprise_no: accounts.get(e.accountNo)!.enterprise_no,
            booking_date: e.bookingDate,
            value_date: e.valueDate,
            direction: e.direction,
            amount: e.amount,
            currency: e.currency,
            counterparty_name: e.counterpartyName,
            counterparty_account: e.counterpartyAccount,
            summary: e.summary,
            instruction_no: e.instructionNo,
            ref: e.ref,
            feed_id: id,
            row_no: e.rowNo,
            source: 'feed' as const,
          })),
        )
        .execute();
    }
    // The entries an execution wrote: the custodian's statement now states them, with its reference and dates.
    for (const e of parsed.entries.filter((x) => x.instructionNo && matched.has(x.instructionNo))) {
      await trx
        .updateTable('cash_entries')
        .set({ ref: e.ref, feed_id: id, row_no: e.rowNo, booking_date: e.bookingDate, value_date: e.valueDate, summary: e.summary || undefined })
        .where('id', '=', matched.get(e.instructionNo!)!)
        .execute();
    }
  }

  async #earlierFeed(db: Kysely<DB>, feedId: string, digest: string): Promise<string | undefined> {
    const feed = await feedById(db, feedId);
    if (!feed) return undefined;
    if (feed.file_digest !== digest) throw refuse(`批次号${feedId}已于${beijingTime(feed.imported_at)}导入，本次文件内容与之不同，未导入。如需更正请使用新的批次号`);
    return `批次${feedId}已于${beijingTime(feed.imported_at)}导入，本次未新增数据`;
  }

  /** The format's errors and each well-formed day and entry against the register; the executed instructions' entries the file completes. */
  async #check(db: Kysely<DB>, parsed: ParsedCashFeed) {
    const errors = [...parsed.errors];
    const { accounts, loadedDays, loadedRefs, instructions } = await registerFor(db, parsed.days, parsed.entries);
    const matched = new Map<string, number>();
    const enterprises = new Set<string>();
    for (const d of parsed.days) {
      const fail = (reason: string) => errors.push({ rowNo: d.rowNo, accountNo: d.accountNo, reason });
      const account = accounts.get(d.accountNo);
      const loaded = loadedDays.get(dayKey(d));
      if (!account) fail('账号不存在');
      else if (account.currency !== d.currency) fail(`币种${d.currency}与账户币种${account.currency}不符`);
      else if (loaded) fail(`该账号${d.date}的对账单已由批次${loaded}导入`);
      else enterprises.add(account.enterprise_no);
    }
    for (const e of parsed.entries) {
      if (!accounts.has(e.accountNo)) continue;
      const fail = (reason: string) => errors.push({ rowNo: e.rowNo, accountNo: e.accountNo, reason });
      const loaded = loadedRefs.get(`${e.accountNo}|${e.ref}`);
      if (loaded) fail(`流水号${e.ref}已由批次${loaded}导入`);
      if (!e.instructionNo) continue;
      const instruction = instructions.get(e.instructionNo);
      if (!instruction) fail(`指令编号${e.instructionNo}不存在`);
      else if (instruction.payer_account_no !== e.accountNo) fail(`指令${e.instructionNo}的付款账号不是该账号`);
      else if (e.direction !== 'D') fail(`指令${e.instructionNo}为付款，流水应为借方`);
      else if (instruction.entry_feed !== null) fail(`指令${e.instructionNo}的流水已导入`);
      else if (instruction.entry_id !== null) {
        if (instruction.entry_amount !== null && instruction.entry_amount !== e.amount) fail(`金额${e.amount}与指令${e.instructionNo}的执行金额${instruction.entry_amount}不符`);
        else matched.set(e.instructionNo, instruction.entry_id);
      }
    }
    return { errors: errors.sort((a, b) => a.rowNo - b.rowNo), enterpriseNos: [...enterprises].sort(), matched, accounts };
  }
}

/** A file with row errors: nothing was written, the caller gets the errors back. */
class FeedRejected extends Error {
  constructor(readonly errors: CashFeedError[]) {
    super('feed rejected');
  }
}
