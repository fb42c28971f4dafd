import type { FastifyInstance } from 'fastify';
import { messagesApi, reportsApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { TEST_CLOCK_HEADER, businessNow } from '../../platform/business-clock';
import { reportRoutes } from './reports.routes';
import { ReportDesk } from './reports.service';

export { registerReport, renderTable, reportBounds, type ReportDefinition, type ReportFile, type ReportOutput, type ReportScope } from './registry';
export { ReportDesk, REPORT_CENTER_PATH } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** 报表中心's scheduled job, which tests drive on their own clock (modules/reports). */
    reports: ReportDesk;
  }
}

/** The lists a test's clock may move the scheduler for: the seat's own 消息中心 and 报表中心 screens. */
const CLOCKED = new Set<string>([messagesApi.messageQuery.id, reportsApi.reportGeneratedQuery.id, reportsApi.subscriptionQuery.id]);

/**
 * 报表中心 (issue 29): the registry's reports, runs on demand, subscriptions, and the job that
 * produces due reports every JOBS_INTERVAL_MS on each instance (the lease lets one run each).
 */
export async function reportsModule(app: FastifyInstance, ctx: AppContext) {
  const desk = new ReportDesk(app, ctx);
  app.decorate('reports', desk);
  reportRoutes(app, ctx, desk);
  const pass = (now?: number) => desk.runDue(now).catch((err: unknown) => app.log.warn({ err }, 'report job pass failed'));
  if (ctx.config.JOBS_INTERVAL_MS > 0) {
    const timer = setInterval(() => void pass(), ctx.config.JOBS_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
  // Tests only (TEST_CLOCK, refused in production): a list read at an X-Test-Clock instant first
  // runs what is due by then, so "subscribe today, find it tomorrow" needs no waiting.
  if (ctx.config.TEST_CLOCK) {
    app.addHook('preHandler', async (request) => {
      if (request.headers[TEST_CLOCK_HEADER] && request.operation && CLOCKED.has(request.operation.id)) await pass(businessNow(ctx, request));
    });
  }
}
