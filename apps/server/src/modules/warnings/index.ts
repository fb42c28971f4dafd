import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerWarningReports } from './warning-reports';
import { homeCounts } from './warnings.queries';
import { warningRoutes } from './warnings.routes';
import { WarningDesk } from './warnings.service';

/**
 * Warnings (issue 13): clear-position warnings, pre-cleaning reminders and new-share payments,
 * imported by staff from the custody system's daily feeds and handled by customers; and their
 * three home counts.
 */
export async function warningsModule(app: FastifyInstance, ctx: AppContext) {
  const desk = new WarningDesk(ctx);
  warningRoutes(app, ctx, desk);
  // Seats that cannot open 预警信息 are not reminded of it.
  app.reminders.register(async ({ enterpriseNo, authorities }) => (authorities.includes('WARNING_VIEW') ? homeCounts(ctx.database.db, enterpriseNo, desk.today()) : {}));
  registerWarningReports();
}
