import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  REPORT_FORMATS,
  REPORT_KEEP_DAYS,
  REPORT_MAX_ATTEMPTS,
  nextRunAt,
  reportPeriod,
  retryDelayMs,
  type ReportFormat,
  type ReportFrequency,
  type ReportParams,
  formatDateTime,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import { notify, type Notified } from '../messages';
import { mayRun, reportDefinition, type ReportDefinition, type ReportOutput, type ReportScope } from './registry';
import { GENERATED_COLUMNS, accountNames, seatScope, strangeAccounts, toGenerated, toSubscription } from './reports.queries';

/** Where a delivered report's notification leads. */
export const REPORT_CENTER_PATH = '/addedServices/reportCenter/index';
const DAY = 86_400_000;
/** How long an instance holds a due run before another may take it again (a crashed instance's run is retried after it). */
export const RUN_LEASE_MS = 10 * 60_000;
const PASS_MAX_RUNS = 50;

export const REPORT_MESSAGES = {
  unknown: '报表不存在或无权查看',
  format: '该报表不支持所选文件格式',
  period: '请选择报表期间',
  periodOrder: '开始日期不能晚于结束日期',
  periodLong: '报表期间不能超过366天',
  subscriptionNotFound: '订阅不存在',
  duplicate: '已订阅相同的报表，请勿重复订阅',
  account: '所选账户不属于本企业',
} as const;

/** The definition if the scope may run it in that format; refused otherwise (never says which). */
export function checkedDefinition(scope: Pick<ReportScope, 'authorities'>, kind: string, format: ReportFormat): ReportDefinition {
  const def = reportDefinition(kind);
  if (!def || !mayRun(def, scope)) throw refuse(REPORT_MESSAGES.unknown);
  if (!def.formats.includes(format)) throw refuse(REPORT_MESSAGES.format);
  return def;
}

function checkPeriod(def: ReportDefinition, params: ReportParams) {
  if (!def.params.includes('period')) return;
  if (!params.from || !params.to) throw refuse(REPORT_MESSAGES.period);
  if (params.from > params.to) throw refuse(REPORT_MESSAGES.periodOrder);
  if (Date.parse(params.to) - Date.parse(params.from) > 366 * DAY) throw refuse(REPORT_MESSAGES.periodLong);
}

/** Chosen accounts must be ones the seat's enterprise holds or oversees (staff: any existing one); refused otherwise, naming them. */
async function checkAccounts(db: Kysely<DB>, scope: ReportScope, accountNos: readonly string[] | undefined) {
  if (!accountNos?.length) return;
  const strange = await strangeAccounts(db, scope, accountNos);
  if (strange.length > 0) throw refuse(`${REPORT_MESSAGES.account}：${strange.slice(0, 5).join('、')}${strange.length > 5 ? '等' : ''}`);
}

const stamp = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');

/** Produces a report and stores it in the caller's transaction, kept REPORT_KEEP_DAYS. */
async function store(trx: Kysely<DB>, scope: ReportScope, def: ReportDefinition, params: ReportParams, format: ReportFormat, file: Buffer, now: number, subscriptionId: number | null) {
  const meta = REPORT_FORMATS[format];
  const period = params.from && params.to ? `_${params.from.replaceAll('-', '')}-${params.to.replaceAll('-', '')}` : '';
  const row = await trx
    .insertInto('generated_reports')
    .values({
      user_no: scope.userNo,
      enterprise_no: scope.enterpriseNo,
      report_kind: def.kind,
      title: def.title,
      format,
      subscription_id: subscriptionId,
      period_from: params.from ?? null,
      period_to: params.to ?? null,
      file_name: `${def.title}${period}_${stamp(now)}.${meta.extension}`,
      content_type: meta.contentType,
      body: file,
      byte_size: file.length,
      created_at: new Date(now),
      expires_at: new Date(now + REPORT_KEEP_DAYS * DAY),
    })
    .returning(GENERATED_COLUMNS)
    .executeTakeFirstOrThrow();
  return toGenerated(row);
}

/**
 * 报表中心's writes and its scheduled job. The job's rows are the subscriptions themselves: a due
 * one is taken under a lease (`locked_until`, with `FOR UPDATE SKIP LOCKED`), so of N instances
 * exactly one runs it; a failed run is retried with a growing wait, and after the last attempt
 * reported to the seat (notification and status) and left for its next period.
 */
export class ReportDesk {
  #pass: Promise<number> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
  ) {}

  get #db() {
    return this.ctx.database.db;
  }

  /** How to write `def`'s file: the format, and for PDF its heading (period, chosen accounts by name, time made) and the configured font. */
  async #output(db: Kysely<DB>, def: ReportDefinition, params: ReportParams, format: ReportFormat, now: number): Promise<ReportOutput> {
    const names = params.accountNos?.length ? await accountNames(db, params.accountNos) : new Map<string, string>();
    const lines = [
      ...(params.from && params.to ? [`期间：${params.from} 至 ${params.to}`] : []),
      ...(params.accountNos?.length ? [`账户：${params.accountNos.map((no) => (names.has(no) ? `${names.get(no)}（${no}）` : no)).join('、')}`] : []),
      `生成时间：${formatDateTime(now)}`,
    ];
    return { format, heading: { title: def.title, lines }, pdfFont: { path: this.ctx.config.PDF_FONT_PATH, name: this.ctx.config.PDF_FONT_NAME } };
  }

  /** On demand: produced now, stored with its audit entry, answered (the seat downloads it with its id). */
  runNow(request: FastifyRequest, scope: ReportScope, input: ReportParams & { kind: string; format: ReportFormat }, now: number) {
    const params: ReportParams = { from: input.from, to: input.to, accountNos: input.accountNos };
    return auditedTransaction(this.ctx.database, request, 'report.run', { kind: input.kind, format: input.format, ...params }, new Date(now), async (trx) => {
      const def = checkedDefinition(scope, input.kind, input.format);
      checkPeriod(def, params);
      await checkAccounts(trx, scope, params.accountNos);
      // Read in the write's own transaction (one connection on the embedded database).
      const file = await def.generate(trx, scope, params, await this.#output(trx, def, params, input.format, now));
      const report = await store(trx, scope, def, params, input.format, file.body, now, null);
      return { result: report, detail: { id: report.id, rows: file.rows } };
    });
  }

  subscribe(request: FastifyRequest, scope: ReportScope, input: { kind: string; format: ReportFormat; frequency: ReportFrequency; accountNos?: string[] | undefined }, now: number) {
    const params: ReportParams = input.accountNos?.length ? { accountNos: [...new Set(input.accountNos)].sort() } : {};
    return auditedTransaction(this.ctx.database, request, 'report.subscribe', { kind: input.kind, format: input.format, frequency: input.frequency, ...params }, new Date(now), async (trx) => {
      checkedDefinition(scope, input.kind, input.format);
      await checkAccounts(trx, scope, params.accountNos);
      const same = await trx
        .selectFrom('report_subscriptions')
        .select(['id', 'params'])
        .where('user_no', '=', scope.userNo)
        .where('status', '=', 'active')
        .where('report_kind', '=', input.kind)
        .where('frequency', '=', input.frequency)
        .where('format', '=', input.format)
        .forUpdate()
        .execute();
      if (same.some((s) => JSON.stringify(s.params) === JSON.stringify(params))) throw refuse(REPORT_MESSAGES.duplicate);
      const row = await trx
        .insertInto('report_subscriptions')
        .values({
          user_no: scope.userNo,
          enterprise_no: scope.enterpriseNo,
          report_kind: input.kind,
          frequency: input.frequency,
          format: input.format,
          params: JSON.stringify(params),
          next_run_at: new Date(nextRunAt(input.frequency, now)),
          created_at: new Date(now),
          updated_at: new Date(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { result: toSubscription(row), detail: { id: row.id, nextRunAt: row.next_run_at } };
    });
  }

  unsubscribe(request: FastifyRequest, userNo: string, id: number, now: number) {
    return auditedTransaction(this.ctx.database, request, 'report.unsubscribe', { id }, new Date(now), async (trx) => {
      const result = await trx.updateTable('report_subscriptions').set({ status: 'cancelled', updated_at: new Date(now) }).where('id', '=', id).where('user_no', '=', userNo).where('status', '=', 'active').executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw refuse(REPORT_MESSAGES.subscriptionNotFound);
      return { result: { id }, detail: {} };
    });
  }

  /**
   * Runs every subscription due at `now` that no other instance holds; answers how many ran (ok
   * or failed). One pass at a time on this instance; concurrent instances share the work.
   */
  runDue(now = this.ctx.now()): Promise<number> {
    this.#pass ??= this.#runDue(now).finally(() => (this.#pass = undefined));
    return this.#pass;
  }

  async #runDue(now: number) {
    let ran = 0;
    while (ran < PASS_MAX_RUNS && (await this.#runOne(now))) ran++;
    await this.#db.deleteFrom('generated_reports').where('expires_at', '<=', new Date(now)).execute();
    return ran;
  }

  /** Takes one due run under a lease and runs it; false when none is left for this instance. */
  async #runOne(now: number): Promise<boolean> {
    const at = new Date(now);
    const job = await this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('report_subscriptions')
        .selectAll()
        .where('status', '=', 'active')
        .where('next_run_at', '<=', at)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
        .orderBy('next_run_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (row) await trx.updateTable('report_subscriptions').set({ locked_until: new Date(now + RUN_LEASE_MS) }).where('id', '=', row.id).execute();
      return row;
    });
    if (!job) return false;
    const dueAt = new Date(job.next_run_at).getTime();
    const period = reportPeriod(job.frequency, dueAt);
    const params = { ...(job.params as ReportParams), ...period };
    const following = new Date(nextRunAt(job.frequency, Math.max(dueAt, now - DAY)));
    let notified: Notified | undefined;
    try {
      const scope = await seatScope(this.#db, job.user_no);
      const def = scope && checkedDefinition(scope, job.report_kind, job.format as ReportFormat);
      if (!scope || !def) throw new Error(REPORT_MESSAGES.unknown);
      const file = await def.generate(this.#db, scope, params, await this.#output(this.#db, def, params, job.format as ReportFormat, now));
      notified = await this.#db.transaction().execute(async (trx) => {
        const report = await store(trx, scope, def, params, job.format as ReportFormat, file.body, now, job.id);
        await this.#settle(trx, job.id, { next_run_at: following, attempts: 0, last_status: 'ok', last_error: null, last_run_at: at });
        return notify(trx, {
          recipients: [job.user_no],
          kind: 'report',
          title: `${def.title}（${period.from === period.to ? period.from : `${period.from}至${period.to}`}）已生成`,
          body: `您订阅的${def.title}已生成，共${file.rows}条记录，文件${report.fileName}保留${REPORT_KEEP_DAYS}天。`,
          link: `${REPORT_CENTER_PATH}?report=${report.id}`,
          at,
        });
      });
    } catch (err) {
      const attempts = job.attempts + 1;
      const message = err instanceof Error && err.message ? err.message.slice(0, 300) : '报表生成失败';
      this.app.log.warn({ err, subscription: job.id, attempts }, 'report run failed');
      notified = await this.#db.transaction().execute(async (trx) => {
        if (attempts < REPORT_MAX_ATTEMPTS) {
          // Retried on the same period after a growing wait: the lease is the wait.
          await this.#settle(trx, job.id, { attempts, last_status: 'retrying', last_error: message, last_run_at: at, locked_until: new Date(now + retryDelayMs(attempts)) });
          return undefined;
        }
        await this.#settle(trx, job.id, { next_run_at: following, attempts: 0, last_status: 'failed', last_error: message, last_run_at: at });
        const title = reportDefinition(job.report_kind)?.title ?? job.report_kind;
        return notify(trx, {
          recipients: [job.user_no],
          kind: 'report',
          title: `${title}（${period.from}至${period.to}）生成失败`,
          body: `订阅的报表经${REPORT_MAX_ATTEMPTS}次尝试仍未生成：${message}。下一期将按时生成，如需本期报表请在报表中心手动生成。`,
          link: REPORT_CENTER_PATH,
          at,
        });
      });
    }
    if (notified) await this.app.messages.announce(notified);
    return true;
  }

  #settle(trx: Transaction<DB>, id: number, values: { next_run_at?: Date; attempts: number; last_status: 'ok' | 'failed' | 'retrying'; last_error: string | null; last_run_at: Date; locked_until?: Date | null }) {
    return trx.updateTable('report_subscriptions').set({ locked_until: null, ...values, updated_at: values.last_run_at }).where('id', '=', id).execute();
  }
}
