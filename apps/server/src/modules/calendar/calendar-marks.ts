import type { AppContext } from '../../app-context';
import { SharedSetting } from '../../platform/shared-setting';
import { markedDays } from './calendar.queries';

const CALENDAR_CHANGED_CHANNEL = 'calendar:changed';
const copies = new WeakMap<AppContext, SharedSetting<Awaited<ReturnType<typeof markedDays>>>>();

/** This instance's copy of the marked days: every instruction read and write judges dates by it. */
export function calendarMarks(ctx: AppContext) {
  let copy = copies.get(ctx);
  if (!copy) {
    copy = new SharedSetting(ctx, CALENDAR_CHANGED_CHANNEL, () => markedDays(ctx.database.db));
    copies.set(ctx, copy);
  }
  return copy;
}
