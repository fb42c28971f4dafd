import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerCashReports } from './cash-reports';
import { cashRoutes } from './cash.routes';
import { CashDesk } from './cash.service';
import { ReconcileDesk, dueCount } from './reconcile';
import { remindReconciliation } from './reconcile-reminders';

/**
 * Cash statements (issue 29): staff load the custodian's daily statements (CSV or camt.053), the
 * execution of an instruction writes its entry, customers read and download an account's statement and
 * answer each period's statement, signed (电子对账), and the bank follows up.
 */
export async function cashModule(app: FastifyInstance, ctx: AppContext) {
  const reconcile = new ReconcileDesk(ctx);
  cashRoutes(app, ctx, new CashDesk(ctx), reconcile);
  registerCashReports(ctx);
  // 电子对账 due: the ended periods the enterprise has not yet answered, for the seats that may answer.
  app.reminders.register(async ({ enterpriseNo, authorities }) => (authorities.includes('CASH_RECONCILE') ? { reconcileCount: await dueCount(ctx.database.db, enterpriseNo, reconcile.today()) } : {}));
  // 对账提醒 in 消息中心: looked for on the first job pass of each business day (a period ends at a day's turn).
  if (ctx.config.JOBS_INTERVAL_MS > 0) {
    let lastDay = '';
    const pass = async () => {
      const today = reconcile.today();
      if (today === lastDay) return;
      await app.messages.announce(...(await remindReconciliation(ctx.database.db, today, new Date(ctx.now()))));
      lastDay = today;
    };
    const timer = setInterval(() => void pass().catch((err: unknown) => app.log.warn({ err }, 'reconciliation reminder pass failed')), ctx.config.JOBS_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
}

/** An account's statement over a period, and the accounts an enterprise reads: for the documents other features sign (询证函). */
export { accountsInScope, countEntries, statementOf } from './cash.queries';
