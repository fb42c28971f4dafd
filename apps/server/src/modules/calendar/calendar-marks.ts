import { perInstance } from '../../platform/shared-setting';
import { markedDays } from './calendar.queries';

/** This instance's copy of the marked days: every instruction read and write judges dates by it. */
export const calendarMarks = perInstance('calendar:changed', (ctx) => markedDays(ctx.database.db));
