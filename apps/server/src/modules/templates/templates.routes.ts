import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, templatesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { usableEbankAccounts } from '../accounts';
import { findTemplate, listTemplates, templateHistory } from './templates.queries';
import type { TemplateDesk } from './templates.service';

/** `{prefix}/template…`: thin routes over the queries (reads, the session's enterprise) and the desk (writes). */
export function templateRoutes(app: FastifyInstance, ctx: AppContext, desk: TemplateDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = templatesApi;

  routes.json(api.templateQuery, async ({ input, session }) => listTemplates(db, session.enterpriseNo, input));
  routes.json(api.templateDetail, async ({ input, session }) => {
    const template = await findTemplate(db, session.enterpriseNo, input.id);
    if (!template) throw new AppError(RETURN_CODES.NOT_FOUND, api.TEMPLATE_MESSAGES.notFound);
    return { ...template, history: await templateHistory(db, template.id) };
  });
  routes.json(api.templatePayerAccounts, async ({ session }) =>
    (await usableEbankAccounts(db, session.enterpriseNo)).map((a) => ({ accountNo: a.account_no, accountName: a.account_name, alias: a.alias, currency: a.currency })),
  );

  routes.json(api.templateAdd, async ({ input, session, request }) => desk.add(request, session, input));
  routes.json(api.templateUpdate, async ({ input, session, request }) => desk.update(request, session, input));
  routes.json(api.templateDelete, async ({ input, session, request }) => desk.delete(request, session, input));
  routes.json(api.templateWithdraw, async ({ input, session, request }) => desk.withdraw(request, session, input));
  routes.json(api.templateReview, async ({ input, session, request }) => desk.review(request, session, input));
}
