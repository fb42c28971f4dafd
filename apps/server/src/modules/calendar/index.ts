import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { calendarRoutes } from './calendar.routes';
import { CalendarDesk } from './calendar.service';

export { markedDaysFrom } from './calendar.queries';

/** 工作日历: staff keep the business days every date rule decides with (`{prefix}/calendar…`). */
export async function calendarModule(app: FastifyInstance, ctx: AppContext) {
  calendarRoutes(app, ctx, new CalendarDesk(ctx));
}
