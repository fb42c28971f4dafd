import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { instructionsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { instructionsKey } from './instructions';

/**
 * The accounts the signed-in seat may enter instructions on, with their available balance,
 * limits and what `valueDate` (today when not given) already uses of the daily limit.
 */
export const payerAccountsQuery = (valueDate: string | undefined) =>
  queryOptions({
    queryKey: [...instructionsKey, 'payer-accounts', valueDate ?? 'today'],
    queryFn: () => http.call(instructionsApi.payerAccounts, valueDate ? { valueDate } : {}),
    staleTime: 0,
    // Another value date only changes the day's use: keep the list while it loads.
    placeholderData: keepPreviousData,
  });

/** The money of the accounts the selected review batch pays from; nothing asked while none is selected. */
export const batchAccountsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...instructionsKey, 'batch-accounts', [...ids].sort((a, b) => a - b)],
    queryFn: () => http.call(instructionsApi.batchAccounts, { ids: [...ids] }),
    enabled: ids.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
