import type { FastifyInstance } from 'fastify';
import { cutoffsApi, formatDate } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { businessNow } from '../../platform/business-clock';
import { operationRoutes } from '../../plugins/operations';
import { currentCustodyDay, cutoffSettings, type CutoffDesk } from './cutoffs.service';

const DAY_MS = 86_400_000;

/** `{prefix}/cutoff…` for staff, and `instruction/custodyDay` for entry. */
export function cutoffRoutes(app: FastifyInstance, ctx: AppContext, desk: CutoffDesk) {
  const routes = operationRoutes(app, ctx);

  routes.json(cutoffsApi.cutoffList, async () => cutoffSettings(ctx).get());
  routes.json(cutoffsApi.cutoffSave, async ({ input, session, request }) => desk.save(request, session, input));
  routes.json(cutoffsApi.custodyDay, async ({ request }) => {
    const day = await currentCustodyDay(ctx, businessNow(ctx, request));
    const last = formatDate(day.now + cutoffsApi.CUSTODY_DAY_AHEAD_DAYS * DAY_MS);
    return {
      now: new Date(day.now).toISOString(),
      today: day.today,
      cutoffs: day.cutoffs.map(({ type, currency, cutoffTime, noticeHours }) => ({ type, currency, cutoffTime, noticeHours })),
      days: day.marked.filter((d) => d.date >= day.today && d.date <= last),
    };
  });
}
