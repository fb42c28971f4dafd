import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { calendarMarks } from './calendar-marks';
import { calendarRoutes } from './calendar.routes';
import { CalendarDesk } from './calendar.service';

export { markedDays } from './calendar.queries';
export { calendarMarks } from './calendar-marks';

/** 工作日历: staff keep the business days every date rule decides with (`{prefix}/calendar…`). */
export async function calendarModule(app: FastifyInstance, ctx: AppContext) {
  calendarRoutes(app, ctx, new CalendarDesk(ctx));
  const marks = calendarMarks(ctx);
  await marks.listen();
  app.addHook('onClose', () => marks.close());
}
