import type { FastifyInstance } from 'fastify';
import { accountsApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import { listAccounts, listBatches, listInstitutions, listPersons, seatProducts } from './accounts.queries';
import { signedRights, type AccountAdmin, type AccountViews } from './accounts.service';

/** Spec §7 account calls: thin routes; the enterprise is always the session's. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, admin: AccountAdmin, views: AccountViews) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);

  routes.json(accountsApi.queryAccountInfo, async ({ input, session }) => listAccounts(db, session.enterpriseNo, input));

  routes.json(accountsApi.queryByAccountNo, async ({ input, session }) => views.account(session, input.accountNo));

  routes.json(accountsApi.updateAccountName, async ({ input, session, request }) => admin.rename(request, session, input));

  routes.json(accountsApi.accountInsert, async ({ input, session, request }) => admin.insert(request, session, input));

  routes.json(accountsApi.accountUpdate, async ({ input, session, request }) => admin.update(request, session, input));

  routes.json(accountsApi.accountStart, async ({ input, session, request }) => admin.setUsed(request, session, input, 1));

  routes.json(accountsApi.accountForbidden, async ({ input, session, request }) => admin.setUsed(request, session, input, 0));

  routes.json(accountsApi.accountAuthDetail, async ({ input, session }) => views.authDetail(session, input.accountNo));

  routes.json(accountsApi.queryAccountAuth, async ({ input, session }) => views.seatRights(session, input.userNo));

  routes.json(accountsApi.userProductsLinks, async ({ session }) => seatProducts(db, session.enterpriseNo, session.userNo));

  routes.json(accountsApi.queryEnterpriseList, async ({ input }) => listInstitutions(db, input.enterpriseName));

  routes.json(accountsApi.queryEnterprise, async ({ input, session }) => views.enterprise(session, input.enterpriseNo));

  routes.json(accountsApi.personQuery, async ({ input, session }) => listPersons(db, session.enterpriseNo, input));

  // Another seat's rights wait for a second administrator of the enterprise (待审批变更).
  routes.json(accountsApi.personModify, async ({ input, session, request, reply }) =>
    (await app.dualControl.hold(request, reply, session, 'account.rights', input, signedRights(input))) ?? admin.setRights(request, session, input),
  );

  routes.json(accountsApi.channelQueryByUserNo, async ({ input, session }) => views.channels(session, input.userNo));

  routes.json(accountsApi.accountBatchInsert, async ({ input, session, request }) => admin.batchInsert(request, session, input));

  routes.json(accountsApi.accountBatchQuery, async ({ input, session }) => listBatches(db, session.enterpriseNo, input));

  routes.download(accountsApi.accountDownload, async ({ input, session, request }) => views.accountSheet(request, session, input));

  routes.download(accountsApi.accountThirdDownload, async ({ session, request }) => views.thirdPartySheet(request, session));
}
