import type { AppContext } from '../app-context';
import { activeSeatsOf } from './user-numbers.queries';

export interface UserNumberEntry {
  userNo: string;
  enterpriseNo: string;
  enterpriseName: string;
}

/** Spec §3 "Switch-user entry": the person's active seats, one per enterprise. */
export function userNumbersOf(ctx: AppContext, userId: number): Promise<UserNumberEntry[]> {
  return activeSeatsOf(ctx.database.db, userId);
}
