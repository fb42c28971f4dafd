import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerCashReports } from './cash-reports';
import { cashRoutes } from './cash.routes';
import { CashDesk } from './cash.service';
import { ReconcileDesk, dueCount } from './reconcile';

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
}

/** An account's statement over a period, and the accounts an enterprise reads: for the documents other features sign (询证函). */
export { accountsInScope, countEntries, statementOf } from './cash.queries';
