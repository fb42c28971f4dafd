import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Dictionary, DictionaryEntry } from '../components/form-builder';
import { dictionaryApi } from '@portal/shared';
import { http } from './http';

/** Spec §9 default dictionary version; other versions are keyed `code_version`. */
const DEFAULT_VERSION = '2.0';

export interface StandardCode {
  code: string;
  version?: string;
}

const keyOf = ({ code, version }: StandardCode) => (!version || version === DEFAULT_VERSION ? code : `${code}_${version}`);
const cacheKey = (key: string) => ['dictionary', 'standard', key] as const;

/**
 * Fetches only the standards not cached yet, then keeps each one for the rest of the login
 * (the query cache is cleared at logout and switch).
 */
async function loadStandards(queryClient: QueryClient, codes: StandardCode[]): Promise<Dictionary> {
  const missing = codes.filter((c) => queryClient.getQueryData(cacheKey(keyOf(c))) === undefined);
  if (missing.length > 0) {
    const { hxStandards } = await http.call(dictionaryApi.standardsByCode, { codes: missing });
    for (const c of missing) queryClient.setQueryData(cacheKey(keyOf(c)), hxStandards[keyOf(c)] ?? null);
  }
  return Object.fromEntries(
    codes
      .map((c) => [keyOf(c), queryClient.getQueryData<DictionaryEntry | null>(cacheKey(keyOf(c)))] as const)
      .filter((e): e is readonly [string, DictionaryEntry] => Boolean(e[1])),
  );
}

/** The data standards a form or table is built from (spec §7 `getHxStandardByStandardCode`). */
export function useStandards(codes: StandardCode[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['dictionary', 'set', codes.map(keyOf).sort().join(',')],
    queryFn: () => loadStandards(queryClient, codes),
    staleTime: Infinity,
  });
}
