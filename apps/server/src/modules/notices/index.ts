import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { homeCounts } from './notices.queries';
import { noticeRoutes } from './notices.routes';
import { NoticeDesk } from './notices.service';

/** Risk notices (issue 13): the staff's publishing, the customers' reading, and RiskCount. */
export async function noticesModule(app: FastifyInstance, ctx: AppContext) {
  const desk = new NoticeDesk(ctx);
  noticeRoutes(app, ctx, desk);
  app.reminders.register((scope) => homeCounts(ctx.database.db, scope, desk.now()));
}
