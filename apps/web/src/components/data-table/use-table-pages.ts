import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormValues } from '../form-builder';
import { DEFAULT_PAGE_SIZE, pageCountOf } from './pager-items';
import type { FetchPage, PageQuery } from './types';

/**
 * A data table's server pages: the criteria of the last search and the paging, the page they
 * ask for, and a search that starts again at page 1; reloaded every `refreshMs` when given.
 */
export function useTablePages<T>(queryKey: readonly unknown[], fetchPage: FetchPage<T>, refreshMs?: number) {
  const [criteria, setCriteria] = useState<FormValues>({});
  const [paging, setPaging] = useState<PageQuery>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const params = { ...criteria, ...paging };
  const query = useQuery({
    queryKey: [...queryKey, params],
    // The answer keeps the paging it was asked with: while the next page loads, the rows on
    // screen (and so their 序号) are still those of the page they came from.
    queryFn: async ({ signal }) => ({ ...(await fetchPage(params, signal)), paging }),
    // The old page stays on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const total = query.data?.total ?? 0;

  // A page past the end (the last rows were removed elsewhere) moves back to the new last page.
  const lastPage = pageCountOf(total, paging.limit);
  if (query.data && !query.isPlaceholderData && paging.page > lastPage) setPaging({ ...paging, page: lastPage });

  const search = (next: FormValues) => {
    setCriteria(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  return {
    query,
    total,
    paging,
    setPaging,
    search,
    /** The paging of the rows on screen (the page asked for may still be loading). */
    shownPaging: query.data?.paging ?? paging,
  };
}
