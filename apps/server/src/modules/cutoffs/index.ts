import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { cutoffRoutes } from './cutoffs.routes';
import { CutoffDesk, cutoffSettings } from './cutoffs.service';

export { currentCustodyDay, loadCustodyDay } from './cutoffs.service';

/** 截止时间: staff keep each instruction type and currency's cut-off; entry reads them with the calendar. */
export async function cutoffsModule(app: FastifyInstance, ctx: AppContext) {
  cutoffRoutes(app, ctx, new CutoffDesk(ctx));
  const settings = cutoffSettings(ctx);
  await settings.listen();
  app.addHook('onClose', () => settings.close());
}
