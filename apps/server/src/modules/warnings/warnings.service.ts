import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  CODE_TABLES,
  WARNING_KIND_NAMES,
  decodeCsv,
  formatDate,
  parseWarningFeed,
  warningKey,
  warningsApi,
  type ClearPositionRow,
  type FeedRowError,
  type FeedRows,
  type OperationParsed,
  type WarningImportResult,
  type WarningKind,
  type AuditEventCode,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { sm3Hex } from '../../sm3';
import { notify, seatsWithAuthority, type Notified } from '../messages';
import { feedById, insertFeed, insertFeedRows, registerFor } from './feeds.queries';
import { TABLE_OF, lockEnterpriseWarnings, markHandled, warningsById, type WarningTable } from './warnings.queries';

type Trx = Transaction<DB>;

/** Each warning kind's page, where its 消息中心 notification leads. */
const WARNING_PAGES: Record<WarningKind, string> = {
  clearPosition: '/warningInfo/clearPositionWarn/index',
  preCleaning: '/warningInfo/reminderOfPreCleaning/index',
  newSharePayment: '/warningInfo/NewSharePaymentReminder/index',
};
type ImportInput = OperationParsed<typeof warningsApi.custodianWarningImport>;
type HandleInput = OperationParsed<typeof warningsApi.clearPositionHandle>;

/** What handling does to each kind: its status label once handled, for the refusal of a second time. */
const DONE_LABEL: Record<WarningKind, string> = {
  clearPosition: CODE_TABLES.warningStatus['1'],
  preCleaning: CODE_TABLES.warningStatus['1'],
  newSharePayment: CODE_TABLES.sharePaymentStatus['1'],
};

const beijingTime = (d: Date | string) => new Date(new Date(d).getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);

/**
 * The writes of warnings: a customer handling a selection (all or nothing, within the session's
 * enterprise) and staff importing a feed (checked row by row, all or nothing, idempotent by its
 * feed id). Each runs in one transaction with its audit entry; a refusal's entry is written
 * after the rollback, so it survives it.
 */
export class WarningDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  today = () => formatDate(this.#ctx.now());

  #write<T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>): Promise<T> {
    return auditedTransaction(this.#ctx.database, request, event, target, new Date(this.#ctx.now()), work);
  }

  /**
   * Marks the selected warnings of the session's enterprise handled (新股: payment confirmed), with
   * the login, the seat, the time and the remark. Another enterprise's ids answer like unknown
   * ones; one already handled refuses the whole selection.
   */
  handle<K extends WarningKind>(request: FastifyRequest, session: SessionInfo, kind: K, input: HandleInput) {
    const table: WarningTable = TABLE_OF[kind];
    const { ids, remark } = input;
    return this.#write(request, 'warning.handle', { kind, ids, remark }, async (trx, now) => {
      // Locked in id order, so two handlers of overlapping selections take turns.
      const rows = await lockEnterpriseWarnings(trx, table, ids, session.enterpriseNo);
      const found = new Map(rows.map((r) => [r.id, r.status]));
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length > 0) throw refuse(warningsApi.WARNING_MESSAGES.unknown(unknown));
      const done = ids.filter((id) => found.get(id) === warningsApi.WARNING_DONE);
      if (done.length > 0) throw refuse(warningsApi.WARNING_MESSAGES.handled(WARNING_KIND_NAMES[kind], done, DONE_LABEL[kind]));
      await markHandled(trx, table, ids, { handled_by_user_id: session.userId, handled_by_user_no: session.userNo, handled_at: now, remark });
      return { result: await warningsById(trx, kind, ids, this.today()), detail: { after: { status: warningsApi.WARNING_DONE } } };
    });
  }

  /**
   * One feed of one kind. The file is read (UTF-8 or GBK), its format checked line by line, then
   * each line against the register and earlier feeds; one bad line and nothing is written.
   * `preview` stops before writing. The answer names the enterprises the feed's rows belong to,
   * so the caller can tell those that were just given new warnings (outcome `imported`).
   */
  async importFeed(request: FastifyRequest, session: SessionInfo, input: ImportInput): Promise<WarningImportResult & { notified?: Notified[] }> {
    const bytes = Buffer.from(input.content, 'base64');
    const digest = sm3Hex(bytes);
    const target = { kind: input.kind, fileName: input.fileName, fileDigest: digest };
    if (input.preview) return this.#importOrPreview(request, session, input, bytes, digest);
    try {
      return await this.#importOrPreview(request, session, input, bytes, digest);
    } catch (err) {
      // The transaction has rolled back: the refusal's entry survives it.
      if (err instanceof AppError) await recordAudit(this.#ctx.database, request, { event: 'warning.import', outcome: 'failure', detail: { ...target, reason: err.message } });
      throw err;
    }
  }

  async #importOrPreview(request: FastifyRequest, session: SessionInfo, input: ImportInput, bytes: Buffer, digest: string): Promise<WarningImportResult & { notified?: Notified[] }> {
    const { kind, preview } = input;
    const parsed = parseWarningFeed(kind, decodeCsv(bytes));
    if (parsed.fileError) throw refuse(parsed.fileError);
    const { feedId, rowCount } = parsed;
    const answer = (outcome: WarningImportResult['outcome'], message: string, extra: Partial<WarningImportResult> = {}): WarningImportResult => ({
      outcome,
      kind,
      feedId,
      rowCount,
      added: 0,
      enterpriseNos: [],
      errors: [],
      message,
      ...extra,
    });
    const db = this.#ctx.database.db;
    const earlier = feedId === null ? undefined : await this.#earlierFeed(db, kind, feedId, digest);
    if (earlier) return answer('duplicate', earlier);

    const enterpriseNos = [...new Set(parsed.rows.map((r) => r.enterpriseNo))].sort();
    const rejected = (errors: FeedRowError[]) =>
      answer('rejected', `校验未通过，未导入任何数据：共${rowCount}条，其中${errors.length}条有误`, { errors: errors.sort((a, b) => a.rowNo - b.rowNo) });
    if (preview) {
      const errors = [...parsed.errors, ...(await this.#checkRows(db, kind, parsed.rows))];
      return errors.length > 0 ? rejected(errors) : answer('valid', `校验通过：共${rowCount}条，涉及${enterpriseNos.length}家企业，可以导入`, { enterpriseNos });
    }

    const audit = { kind, feedId, fileName: input.fileName, rowCount, fileDigest: digest };
    try {
      return await db.transaction().execute(async (trx) => {
        const errors = [...parsed.errors, ...(await this.#checkRows(trx, kind, parsed.rows))];
        if (errors.length > 0) throw new FeedRejected(errors);
        const id = await insertFeed(trx, {
          feed_id: feedId!,
          kind,
          file_name: input.fileName,
          file_digest: digest,
          row_count: rowCount,
          enterprise_count: enterpriseNos.length,
          imported_by_user_id: session.userId,
          imported_by_user_no: session.userNo,
          imported_at: new Date(this.#ctx.now()),
        });
        await insertFeedRows(trx, kind, id, parsed.rows);
        await recordAudit(trx, request, { event: 'warning.import', outcome: 'success', detail: { ...audit, enterpriseNos } });
        const notified = await this.#notifyImported(trx, kind, parsed.rows);
        return { ...answer('imported', `导入成功：共${rowCount}条，涉及${enterpriseNos.length}家企业`, { added: rowCount, enterpriseNos }), notified };
      });
    } catch (err) {
      if (err instanceof FeedRejected) {
        await recordAudit(this.#ctx.database, request, { event: 'warning.import', outcome: 'failure', detail: { ...audit, reason: '文件校验未通过', errorCount: err.errors.length } });
        return rejected(err.errors);
      }
      if (!isUniqueViolation(err)) throw err;
      // Another import of this feed, or of some of its warnings, committed meanwhile.
      const meanwhile = await this.#earlierFeed(db, kind, feedId!, digest);
      if (meanwhile) return answer('duplicate', meanwhile);
      throw refuse('部分预警已被同时导入，请刷新导入记录后重试');
    }
  }

  /** One 消息中心 notification per enterprise and import (not per row) to its seats that read warnings. */
  async #notifyImported(trx: Trx, kind: WarningKind, rows: readonly { enterpriseNo: string }[]) {
    const perEnterprise = new Map<string, number>();
    for (const r of rows) perEnterprise.set(r.enterpriseNo, (perEnterprise.get(r.enterpriseNo) ?? 0) + 1);
    const name = WARNING_KIND_NAMES[kind];
    const at = new Date(this.#ctx.now());
    const sent: Notified[] = [];
    for (const [enterpriseNo, count] of perEnterprise) {
      sent.push(
        await notify(trx, {
          recipients: seatsWithAuthority(trx, [enterpriseNo], 'WARNING_VIEW'),
          kind: 'warning',
          title: `新增${count}条${name}`,
          body: `托管行导入了贵企业的${name}${count}条，请及时查看并处理。`,
          link: WARNING_PAGES[kind],
          at,
        }),
      );
    }
    return sent;
  }

  /**
   * The message of a feed id seen before: the same file (nothing to add), or a refusal when the id
   * came with other content or another kind.
   */
  async #earlierFeed(db: Kysely<DB>, kind: WarningKind, feedId: string, digest: string): Promise<string | undefined> {
    const feed = await feedById(db, feedId);
    if (!feed) return undefined;
    if (feed.kind !== kind) throw refuse(`批次号${feedId}已用于${WARNING_KIND_NAMES[feed.kind]}数据，请核对文件`);
    if (feed.file_digest !== digest) throw refuse(`批次号${feedId}已于${beijingTime(feed.imported_at)}导入，本次文件内容与之不同，未导入。如需更正请使用新的批次号`);
    return `批次${feedId}已于${beijingTime(feed.imported_at)}导入，本次未新增数据`;
  }

  /** Each well-formed row against the register and the warnings already imported. */
  async #checkRows<K extends WarningKind>(db: Kysely<DB>, kind: K, rows: readonly FeedRows[K][]): Promise<FeedRowError[]> {
    const { enterprises, accounts, imported } = await registerFor(db, kind, rows);
    const errors: FeedRowError[] = [];
    for (const row of rows) {
      const fail = (reason: string) => errors.push({ rowNo: row.rowNo, accountNo: row.accountNo, reason });
      const account = accounts.get(row.accountNo);
      const feed = imported.get(warningKey(kind, row));
      if (!enterprises.has(row.enterpriseNo)) fail(`企业编号${row.enterpriseNo}不存在`);
      else if (!account) fail('账号不存在');
      else if (account.enterprise_no !== row.enterpriseNo) fail(`账号不属于企业${row.enterpriseNo}（登记在企业${account.enterprise_no}名下）`);
      else if (kind === 'clearPosition' && (row as ClearPositionRow).productCode !== account.product_code) fail(`产品代码与账户所属产品不符（应为${account.product_code}）`);
      else if (feed) fail(`该预警已由批次${feed}导入`);
    }
    return errors;
  }
}

/** A feed with row errors: nothing was written, the caller gets the errors back. */
class FeedRejected extends Error {
  constructor(readonly errors: FeedRowError[]) {
    super('feed rejected');
  }
}
