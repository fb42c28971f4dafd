import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEED_FORMATS, formatDateTime, valuationApi, type ValuationStatementRecord } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { operationRoutes } from '../../plugins/operations';
import { statementFileName, statementPdf, statementSheet } from './statement-files';
import { listImports, navSeries, productInScope, productsInScope, statementOf } from './valuation.queries';
import type { ValuationDesk } from './valuation.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 29's valuation calls: thin routes over the desk (import) and the queries (reads). */
export function valuationRoutes(app: FastifyInstance, ctx: AppContext, desk: ValuationDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = valuationApi;

  /** The product, when the session may read it; another enterprise's product answers like an unknown one. */
  async function product(session: SessionInfo, input: { enterpriseNo: string; productCode: string }) {
    const found = await productInScope(db, session.enterpriseNo, input);
    if (!found) throw refuse(api.VALUATION_MESSAGES.noProduct);
    return found;
  }

  async function statement(session: SessionInfo, input: { enterpriseNo: string; productCode: string; valuationDate: string }): Promise<ValuationStatementRecord> {
    const p = await product(session, input);
    const s = await statementOf(db, input.enterpriseNo, input.productCode, input.valuationDate);
    if (!s) throw refuse(api.VALUATION_MESSAGES.noStatement(input.valuationDate));
    return { enterpriseNo: p.enterprise_no, enterpriseName: p.enterprise_name, productCode: p.product_code, productName: s.productName, current: s.current, previous: s.previous, lines: s.lines, importedAt: s.importedAt };
  }

  const audited = (request: FastifyRequest, s: ValuationStatementRecord, format: string) =>
    recordAudit(ctx.database, request, { event: 'valuation.download', outcome: 'success', detail: { enterpriseNo: s.enterpriseNo, productCode: s.productCode, valuationDate: s.current.valuationDate, format } });

  routes.json(api.feedFormatQuery, async () => FEED_FORMATS.map((f) => ({ ...f, fileTypes: [...f.fileTypes], columns: [...f.columns] })));
  routes.json(api.valuationProductQuery, async ({ session }) => productsInScope(db, session.enterpriseNo));
  routes.json(api.valuationStatementQuery, async ({ input, session }) => statement(session, input));
  routes.json(api.valuationNavQuery, async ({ input, session }) => {
    await product(session, input);
    return navSeries(db, input.enterpriseNo, input.productCode, input.dateFrom, input.dateTo);
  });
  routes.download(api.valuationStatementDownload, async ({ input, session, request }) => {
    const s = await statement(session, input);
    const body = await statementSheet(s);
    await audited(request, s, 'xlsx');
    return { fileName: statementFileName(s, 'xlsx'), contentType: XLSX, body };
  });
  routes.download(api.valuationStatementPdf, async ({ input, session, request }) => {
    const s = await statement(session, input);
    const body = await statementPdf(s, { path: ctx.config.PDF_FONT_PATH, name: ctx.config.PDF_FONT_NAME }, formatDateTime(new Date(ctx.now())));
    await audited(request, s, 'pdf');
    return { fileName: statementFileName(s, 'pdf'), contentType: 'application/pdf', body };
  });
  routes.json(api.custodianValuationImport, async ({ input, session, request }) => {
    const result = await desk.importFile(request, session, input);
    // After the commit: the enterprises' open valuation screens reload.
    if (result.outcome === 'imported' && result.enterpriseNos.length > 0) await app.events.publish({ kind: 'statement.imported', ids: ['valuation'] }, { to: 'enterprises', enterpriseNos: result.enterpriseNos }).catch(() => null);
    return result;
  });
  routes.json(api.custodianValuationImportQuery, async ({ input }) => listImports(db, input));
}
