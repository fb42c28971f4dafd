import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, payeesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { findPayee, listPayees, payeeHistory, searchBanks } from './payees.queries';
import type { PayeeDesk } from './payees.service';

/** `{prefix}/payee…`: thin routes over the queries (reads, the session's enterprise) and the desk (writes). */
export function payeeRoutes(app: FastifyInstance, ctx: AppContext, desk: PayeeDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = payeesApi;

  routes.json(api.payeeQuery, async ({ input, session }) => listPayees(db, session.enterpriseNo, input));
  routes.json(api.payeeDetail, async ({ input, session }) => {
    const payee = await findPayee(db, session.enterpriseNo, input.id);
    if (!payee) throw new AppError(RETURN_CODES.NOT_FOUND, api.PAYEE_MESSAGES.notFound);
    return { ...payee, history: await payeeHistory(db, payee.id) };
  });
  routes.json(api.bankCodeSearch, async ({ input }) => searchBanks(db, input.keyword));

  routes.json(api.payeeAdd, async ({ input, session, request }) => desk.add(request, session, input));
  routes.json(api.payeeUpdate, async ({ input, session, request }) => desk.update(request, session, input));
  routes.json(api.payeeDelete, async ({ input, session, request }) => desk.delete(request, session, input));
  routes.json(api.payeeReview, async ({ input, session, request }) => desk.review(request, session, input));
}
