/** Spec §9 "Tables": default page size 10, choices 10/20/50/100, pager count 11. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const PAGER_COUNT = 11;

export type PagerItem = { kind: 'page'; page: number } | { kind: 'jump-prev' | 'jump-next'; page: number };

export const pageCountOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

export const clampPage = (page: number, pageCount: number): number => Math.min(Math.max(1, Math.trunc(page)), pageCount);

/**
 * The pager's buttons for `pagerCount` (an odd number, 11 by spec): every page when they fit;
 * otherwise the first and last page, a run of `pagerCount - 2` pages around the current one,
 * and a jump of `pagerCount - 2` pages in place of each hidden stretch. The run sticks to an end
 * while the current page is near it, so the number of page buttons never changes while paging.
 */
export function pagerItems(current: number, pageCount: number, pagerCount = PAGER_COUNT): PagerItem[] {
  const page = (p: number): PagerItem => ({ kind: 'page', page: p });
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => page(i + 1));

  const half = (pagerCount - 1) / 2;
  const jump = pagerCount - 2;
  const hidesBefore = current > pagerCount - half;
  const hidesAfter = current < pageCount - half;
  let from: number;
  let to: number;
  if (hidesBefore && hidesAfter) {
    const offset = Math.floor(pagerCount / 2) - 1;
    [from, to] = [current - offset, current + offset];
  } else if (hidesBefore) {
    [from, to] = [pageCount - jump, pageCount - 1];
  } else {
    [from, to] = [2, pagerCount - 1];
  }

  const items: PagerItem[] = [page(1)];
  if (hidesBefore) items.push({ kind: 'jump-prev', page: Math.max(1, current - jump) });
  for (let p = from; p <= to; p++) items.push(page(p));
  if (hidesAfter) items.push({ kind: 'jump-next', page: Math.min(pageCount, current + jump) });
  items.push(page(pageCount));
  return items;
}
