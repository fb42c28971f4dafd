import type { FastifyInstance } from 'fastify';
import { reportsApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { businessNow } from '../../platform/business-clock';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { operationRoutes } from '../../plugins/operations';
import { visibleReports, type ReportScope } from './registry';
import { findOwnFile, listGenerated, listSubscriptions, reportAccounts } from './reports.queries';
import type { ReportDesk } from './reports.service';

const scopeOf = (s: SessionInfo): ReportScope => ({ userNo: s.userNo, enterpriseNo: s.enterpriseNo, userType: s.userType, authorities: s.authorities });

/** 报表中心's calls: the scope is always the session's seat and enterprise, never the body's. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext, desk: ReportDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = reportsApi;

  routes.json(api.reportKinds, async ({ session }) => visibleReports(session));

  routes.json(api.reportAccounts, async ({ session }) => reportAccounts(db, scopeOf(session)));

  routes.json(api.reportRun, async ({ session, input, request }) => desk.runNow(request, scopeOf(session), input, businessNow(ctx, request)));

  routes.json(api.reportGeneratedQuery, async ({ session, input, request }) => listGenerated(db, session.userNo, input, new Date(businessNow(ctx, request))));

  routes.download(api.reportDownload, async ({ session, input, request }) => {
    const file = await findOwnFile(db, session.userNo, input.id, new Date(businessNow(ctx, request)));
    if (!file) throw refuse('报表不存在或已过保留期');
    return { fileName: file.file_name, contentType: file.content_type, body: Buffer.from(file.body) };
  });

  routes.json(api.subscriptionQuery, async ({ session }) => listSubscriptions(db, session.userNo));

  routes.json(api.subscribe, async ({ session, input, request }) => desk.subscribe(request, scopeOf(session), input, businessNow(ctx, request)));

  routes.json(api.unsubscribe, async ({ session, input, request }) => desk.unsubscribe(request, session.userNo, input.id, businessNow(ctx, request)));
}
