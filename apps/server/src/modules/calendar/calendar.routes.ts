import type { FastifyInstance } from 'fastify';
import { calendarApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import { daysOfYear } from './calendar.queries';
import type { CalendarDesk } from './calendar.service';

/** `{prefix}/calendar…`: thin routes over the queries and the desk. */
export function calendarRoutes(app: FastifyInstance, ctx: AppContext, desk: CalendarDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);

  routes.json(calendarApi.calendarYear, async ({ input }) => ({
    year: input.year,
    days: (await daysOfYear(db, input.year)).map((d) => ({ date: d.day, kind: d.kind, name: d.name, updatedBy: d.updated_by, updatedAt: d.updated_at.toISOString() })),
  }));
  routes.json(calendarApi.calendarDaySave, async ({ input, session, request }) => desk.save(request, session, input));
  routes.json(calendarApi.calendarDayClear, async ({ input, request }) => desk.clear(request, input.date));
  routes.json(calendarApi.calendarImport, async ({ input, session, request }) => desk.import(request, session, input));
}
