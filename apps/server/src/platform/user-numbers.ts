import type { AppContext } from '../app-context';

export interface UserNumberEntry {
  userNo: string;
  enterpriseNo: string;
  enterpriseName: string;
}

/** Spec §3 "Switch-user entry": the person's active seats, one per enterprise. */
export async function userNumbersOf(ctx: AppContext, userId: number): Promise<UserNumberEntry[]> {
  const rows = await ctx.database.db
    .selectFrom('user_numbers as n')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select(['n.user_no', 'n.enterprise_no', 'e.enterprise_name'])
    .where('n.user_id', '=', userId)
    .where('n.status', '=', 1)
    .where('e.status', '=', 1)
    .orderBy('n.user_no')
    .execute();
  return rows.map((r) => ({ userNo: r.user_no, enterpriseNo: r.enterprise_no, enterpriseName: r.enterprise_name }));
}
