import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { cashRoutes } from './cash.routes';
import { CashDesk } from './cash.service';

/**
 * Cash statements (issue 29): staff load the custodian's daily statements (CSV or camt.053), the
 * execution of an instruction writes its entry, customers read and download an account's statement.
 */
export async function cashModule(app: FastifyInstance, ctx: AppContext) {
  cashRoutes(app, ctx, new CashDesk(ctx));
}
