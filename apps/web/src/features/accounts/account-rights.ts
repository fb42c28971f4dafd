import type { AccountRights } from '@portal/shared';

export type RightKey = keyof AccountRights;

export const NO_RIGHTS: AccountRights = { canQuery: false, canEntry: false, canReview: false };

export const RIGHT_LABELS: Record<RightKey, string> = { canQuery: '查询', canEntry: '录入', canReview: '复核' };

export const hasAnyRight = (rights: AccountRights) => rights.canQuery || rights.canEntry || rights.canReview;

/**
 * One checkbox changed. Entry and review include the right to query (the server gives it too),
 * so checking either checks 查询, and unchecking 查询 takes both away.
 */
export function toggleRight(rights: AccountRights, key: RightKey, checked: boolean): AccountRights {
  if (key === 'canQuery') return checked ? { ...rights, canQuery: true } : NO_RIGHTS;
  return { ...rights, [key]: checked, ...(checked ? { canQuery: true } : {}) };
}

export const sameRights = (a: AccountRights, b: AccountRights) => a.canQuery === b.canQuery && a.canEntry === b.canEntry && a.canReview === b.canReview;

type Entry = AccountRights & { accountNo: string };

const entryOf = (accountNo: string, r: AccountRights): Entry => ({ accountNo, canQuery: r.canQuery, canEntry: r.canEntry, canReview: r.canReview });

/**
 * A seat's whole set of rights after edits (`personModify` replaces the set): the rights it
 * held, with each edited account's rights replaced, and accounts left with no right dropped.
 */
export function seatRightsAfter(held: readonly Entry[], edits: ReadonlyMap<string, AccountRights>): Entry[] {
  const result = new Map<string, Entry>(held.map((h) => [h.accountNo, entryOf(h.accountNo, h)]));
  for (const [accountNo, rights] of edits) result.set(accountNo, entryOf(accountNo, rights));
  return [...result.values()].filter(hasAnyRight);
}
