import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { accountRoutes } from './accounts.routes';
import { homeCounts } from './accounts.queries';
import { registerEntitlementReport } from './entitlement-report';
import { registerRightsChange } from './rights-change';

export { thirdPartyCounterparts, usableEbankAccounts } from './accounts.queries';
import { AccountAdmin, AccountViews } from './accounts.service';

export { signedRights } from './accounts.service';

/**
 * Custody accounts (issue 11): the register, e-banking accounts, account rights, CSV batch
 * additions and xlsx downloads, all scoped by the session's enterprise; and the two account
 * counts of the home page.
 */
export async function accountsModule(app: FastifyInstance, ctx: AppContext) {
  const admin = new AccountAdmin(ctx);
  registerRightsChange(app.dualControl, admin);
  registerEntitlementReport();
  accountRoutes(app, ctx, admin, new AccountViews(ctx));
  // Seats that cannot open 账户管理 are not reminded of it.
  app.reminders.register(async ({ enterpriseNo, authorities }) =>
    authorities.includes('ACCOUNT_VIEW') ? homeCounts(ctx.database.db, enterpriseNo) : {},
  );
}
