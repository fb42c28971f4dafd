import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { cashApi, CASH_DIRECTIONS, formatAmount, formatDateTime, type CashEntry, type CashStatement } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { renderPdf } from '../../platform/pdf';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { writeSheet, type SheetColumn } from '../../platform/xlsx';
import { operationRoutes } from '../../plugins/operations';
import { accountsInScope, countEntries, listFeeds, newTally, statementEntries, statementHead, statementOf, tallied, type StatementHead } from './cash.queries';
import type { CashDesk } from './cash.service';
import { reconcileItems, type ReconcileDesk } from './reconcile';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type StatementInput = z.infer<typeof cashApi.cashStatementQuerySchema>;

type SheetRow = Pick<CashEntry, 'bookingDate' | 'valueDate' | 'summary' | 'counterpartyName' | 'counterpartyAccount' | 'instructionNo' | 'ref'> & { direction: string; credit: string | null; debit: string | null; balance: string | null };

const COLUMNS: SheetColumn<SheetRow>[] = [
  { header: '记账日期', width: 12, value: (r) => r.bookingDate, kind: 'text' },
  { header: '起息日期', width: 12, value: (r) => r.valueDate, kind: 'text' },
  { header: '摘要', width: 28, value: (r) => r.summary },
  { header: '借贷', width: 6, value: (r) => r.direction },
  { header: '贷方发生额', width: 18, value: (r) => (r.credit === null ? null : Number(r.credit)), kind: 'amount' },
  { header: '借方发生额', width: 18, value: (r) => (r.debit === null ? null : Number(r.debit)), kind: 'amount' },
  { header: '余额', width: 18, value: (r) => (r.balance === null ? null : Number(r.balance)), kind: 'amount' },
  { header: '对方户名', width: 28, value: (r) => r.counterpartyName },
  { header: '对方账号', width: 24, value: (r) => r.counterpartyAccount, kind: 'text' },
  { header: '指令编号', width: 20, value: (r) => r.instructionNo ?? '', kind: 'text' },
  { header: '流水号', width: 20, value: (r) => r.ref ?? '待托管行对账单', kind: 'text' },
];

const blank = { valueDate: '', counterpartyName: '', counterpartyAccount: '', instructionNo: null, ref: '', direction: '', credit: null, debit: null };

const entryRow = (e: CashEntry): SheetRow => ({
  ...e,
  direction: CASH_DIRECTIONS[e.direction],
  credit: e.direction === 'C' ? e.amount : null,
  debit: e.direction === 'D' ? e.amount : null,
});
const openingRow = (s: StatementHead): SheetRow => ({ ...blank, bookingDate: s.dateFrom, summary: '期初余额', balance: s.opening });
const closingRows = (s: StatementHead, t: Pick<CashStatement, 'totalCredit' | 'totalDebit' | 'creditCount' | 'debitCount'>): SheetRow[] => [
  { ...blank, bookingDate: s.dateTo, summary: `本期合计（贷${t.creditCount}笔，借${t.debitCount}笔）`, credit: t.totalCredit, debit: t.totalDebit, balance: null },
  { ...blank, bookingDate: s.dateTo, summary: '期末余额', balance: s.closing },
];

/** The statement's lines as downloads show them: the opening balance, the entries, the totals and the closing balance. */
const statementRows = (s: CashStatement): SheetRow[] => [openingRow(s), ...s.entries.map(entryRow), ...closingRows(s, s)];

/** The statement as xlsx, its entries streamed a month at a time; `rows` counts the entries written. */
async function statementSheet(db: Kysely<DB>, s: StatementHead) {
  const tally = newTally();
  let rows = 0;
  async function* chunks() {
    yield [openingRow(s)];
    for await (const entries of statementEntries(db, s, tally)) {
      rows += entries.length;
      yield entries.map(entryRow);
    }
    yield closingRows(s, tallied(tally));
  }
  const body = await writeSheet('资金对账单', COLUMNS, chunks());
  return { body, rows };
}

const statementFileName = (s: StatementHead, extension: 'xlsx' | 'pdf') => `资金对账单_${s.account.accountNo}_${s.dateFrom.replace(/-/g, '')}-${s.dateTo.replace(/-/g, '')}.${extension}`;

/** The cash statement calls: thin routes over the desk (the import) and the queries. */
export function cashRoutes(app: FastifyInstance, ctx: AppContext, desk: CashDesk, reconcile: ReconcileDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = cashApi;

  /** The account, when the session's enterprise owns or oversees it; else the same refusal as an unknown one. */
  async function accountOf(session: SessionInfo, accountNo: string) {
    const [account] = await accountsInScope(db, session.enterpriseNo, accountNo);
    if (!account) throw refuse(api.CASH_STATEMENT_MESSAGES.unknownAccount);
    return account;
  }

  /** The account in scope with its entry count checked against `max` before anything is read. */
  async function counted(session: SessionInfo, input: StatementInput, max: number, tooMany: (n: number) => string) {
    const account = await accountOf(session, input.accountNo);
    const n = await countEntries(db, account.accountNo, input.dateFrom, input.dateTo);
    if (n > max) throw refuse(tooMany(n));
    return account;
  }

  async function statement(session: SessionInfo, input: StatementInput) {
    const account = await counted(session, input, api.CASH_STATEMENT_MAX_ENTRIES, api.CASH_STATEMENT_MESSAGES.tooMany);
    return statementOf(db, account, input.dateFrom, input.dateTo);
  }

  const downloaded = (request: FastifyRequest, s: StatementHead, rows: number, format: 'xlsx' | 'pdf') =>
    recordAudit(ctx.database, request, { event: 'cash.download', outcome: 'success', detail: { accountNo: s.account.accountNo, dateFrom: s.dateFrom, dateTo: s.dateTo, rows, format } });

  routes.json(api.cashAccountQuery, async ({ session }) => accountsInScope(db, session.enterpriseNo));
  routes.json(api.cashStatementQuery, async ({ input, session }) => statement(session, input));
  // The xlsx streams month by month, so a busy account's year fits where the screen's cap would refuse it.
  routes.download(api.cashStatementDownload, async ({ input, session, request }) => {
    const account = await counted(session, input, api.CASH_DOWNLOAD_MAX_ENTRIES, api.CASH_STATEMENT_MESSAGES.tooManyToDownload);
    const s = await statementHead(db, account, input.dateFrom, input.dateTo);
    const { body, rows } = await statementSheet(db, s);
    await downloaded(request, s, rows, 'xlsx');
    return { fileName: statementFileName(s, 'xlsx'), contentType: XLSX, body };
  });
  routes.download(api.cashStatementPdf, async ({ input, session, request }) => {
    const s = await statement(session, input);
    const cell = (column: SheetColumn<SheetRow>, row: SheetRow) => {
      const value = column.value(row);
      if (value === null || value === undefined) return '';
      return column.kind === 'amount' ? formatAmount(String(value)) : String(value);
    };
    const body = await renderPdf(
      {
        title: '资金对账单',
        subtitle: [
          `账户：${s.account.accountName}（${s.account.accountNo}）  产品：${s.account.productName}  币种：${s.account.currency}`,
          `期间：${s.dateFrom} 至 ${s.dateTo}  期初余额：${formatAmount(s.opening) || '—'}  期末余额：${formatAmount(s.closing) || '—'}`,
        ],
        landscape: true,
        columns: COLUMNS.map((c) => ({ header: c.header, width: c.width ?? 12, align: c.kind === 'amount' ? 'right' : 'left' })),
        rows: statementRows(s).map((row) => COLUMNS.map((c) => cell(c, row))),
        footer: `托管行资金对账单，生成时间 ${formatDateTime(new Date(ctx.now()))}`,
      },
      { path: ctx.config.PDF_FONT_PATH, name: ctx.config.PDF_FONT_NAME },
    );
    await downloaded(request, s, s.entries.length, 'pdf');
    return { fileName: statementFileName(s, 'pdf'), contentType: 'application/pdf', body };
  });

  routes.json(api.custodianCashImport, async ({ input, session, request }) => {
    const result = await desk.importFeed(request, session, input);
    // After the commit: the enterprises' open statement screens reload.
    if (result.outcome === 'imported' && result.enterpriseNos.length > 0) await app.events.publish({ kind: 'statement.imported', ids: ['cash'] }, { to: 'enterprises', enterpriseNos: result.enterpriseNos }).catch(() => null);
    return result;
  });
  routes.json(api.custodianCashFeedQuery, async ({ input }) => listFeeds(db, input));

  routes.json(api.cashReconcileQuery, async ({ input, session }) => {
    const items = await reconcileItems(db, session.enterpriseNo, reconcile.today());
    // Newest period first, then by account: a month's accounts together.
    items.sort((a, b) => b.periodStart.localeCompare(a.periodStart) || a.accountNo.localeCompare(b.accountNo));
    return input.status ? items.filter((i) => i.status === input.status) : items;
  });
  routes.json(api.cashReconcile, async ({ input, session, request }) => reconcile.reconcile(request, session, input));
  routes.json(api.custodianReconcileQuery, async ({ input }) => {
    const all = await reconcileItems(db, input.enterpriseNo || null, reconcile.today());
    const summary = { due: 0, match: 0, mismatch: 0 };
    for (const i of all) summary[i.status as keyof typeof summary] += 1;
    // 未对账 first, the longest waiting first; then the answered, newest period first.
    const listed = (input.status ? all.filter((i) => i.status === input.status) : all).sort(
      (a, b) => Number(b.status === 'due') - Number(a.status === 'due') || (a.status === 'due' ? b.daysOverdue - a.daysOverdue : b.periodStart.localeCompare(a.periodStart)) || a.accountNo.localeCompare(b.accountNo),
    );
    return { records: listed.slice((input.page - 1) * input.limit, input.page * input.limit), total: listed.length, summary };
  });
  routes.json(api.custodianReconcileReply, async ({ input, session, request }) => reconcile.reply(request, session, input));
  routes.json(api.custodianReconcileCalendar, async ({ input, session, request }) => reconcile.calendar(request, session, input));
}
