import type { FastifyInstance, FastifyRequest } from 'fastify';
import { warningsApi, type OperationParsed, type WarningKind, type WarningRecord } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { writeSheet, type SheetColumn } from '../../platform/xlsx';
import { operationRoutes } from '../../plugins/operations';
import { SHEETS } from './sheets';
import { countWarnings, listFeeds, listWarnings, warningChunks } from './warnings.queries';
import type { WarningDesk } from './warnings.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 13's warning calls: thin routes over the desk (writes) and the queries (reads). */
export function warningRoutes(app: FastifyInstance, ctx: AppContext, desk: WarningDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = warningsApi;
  const own = (session: SessionInfo) => ({ enterpriseNo: session.enterpriseNo });

  /** The session's enterprise's warnings of one kind as xlsx, the list's filters applied. */
  async function download(request: FastifyRequest, session: SessionInfo, kind: WarningKind, filters: OperationParsed<typeof api.clearPositionDownload>) {
    const total = await countWarnings(db, kind, own(session), filters);
    if (total > api.WARNING_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${api.WARNING_DOWNLOAD_MAX_ROWS}条，请缩小查询范围`);
    const today = desk.today();
    const { name, columns } = SHEETS[kind];
    // The columns of `kind` read records of `kind`, which is all the chunks hold.
    const body = await writeSheet(name, columns as SheetColumn<WarningRecord>[], warningChunks(db, kind, own(session), filters, today));
    await recordAudit(ctx.database, request, { event: 'warning.download', outcome: 'success', detail: { kind, filters, rows: total } });
    return { fileName: `${name}_${today.replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  }

  routes.json(api.clearPositionQuery, async ({ input, session }) => listWarnings(db, 'clearPosition', own(session), input, desk.today()));
  routes.json(api.clearPositionHandle, async ({ input, session, request }) => desk.handle(request, session, 'clearPosition', input));
  routes.download(api.clearPositionDownload, async ({ input, session, request }) => download(request, session, 'clearPosition', input));

  routes.json(api.preCleaningQuery, async ({ input, session }) => listWarnings(db, 'preCleaning', own(session), input, desk.today()));
  routes.json(api.preCleaningHandle, async ({ input, session, request }) => desk.handle(request, session, 'preCleaning', input));
  routes.download(api.preCleaningDownload, async ({ input, session, request }) => download(request, session, 'preCleaning', input));

  routes.json(api.newSharePaymentQuery, async ({ input, session }) => listWarnings(db, 'newSharePayment', own(session), input, desk.today()));
  routes.json(api.newSharePaymentHandle, async ({ input, session, request }) => desk.handle(request, session, 'newSharePayment', input));
  routes.download(api.newSharePaymentDownload, async ({ input, session, request }) => download(request, session, 'newSharePayment', input));

  routes.json(api.custodianWarningImport, async ({ input, session, request }) => {
    const { notified, ...result } = await desk.importFeed(request, session, input);
    // After the commit: the enterprises given new warnings refresh their lists and counts, and their readers hear of it in 消息中心.
    if (result.outcome === 'imported' && result.enterpriseNos.length > 0) {
      await app.events.publish({ kind: 'warning.imported', ids: [result.kind], counts: { added: result.added } }, { to: 'enterprises', enterpriseNos: result.enterpriseNos });
    }
    if (notified) await app.messages.announce(...notified);
    return result;
  });
  routes.json(api.custodianWarningQuery, async ({ input }) => listWarnings(db, input.kind, { enterpriseNo: null }, input, desk.today()));
  routes.json(api.custodianWarningFeedQuery, async ({ input }) => listFeeds(db, input));
}
