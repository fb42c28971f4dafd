import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { instructionsKey } from './instructions';

/** The accounts the signed-in seat may enter instructions on: rights of its own seat, switched on. */
export const payerAccountsQuery = queryOptions({
  queryKey: [...instructionsKey, 'payer-accounts'],
  queryFn: async () => (await http.call(accountsApi.queryAccountAuth, {})).accounts.filter((a) => a.canEntry && a.used === 1),
  staleTime: 0,
});

/** One added account's register balance, limits and third-party institution. */
export const payerAccountQuery = (accountNo: string) =>
  queryOptions({
    queryKey: [...instructionsKey, 'payer-account', accountNo],
    queryFn: async () => (await http.call(accountsApi.queryAccountInfo, { page: 1, limit: 10, added: 'added', accountNo })).records.find((a) => a.accountNo === accountNo) ?? null,
    staleTime: 0,
  });
