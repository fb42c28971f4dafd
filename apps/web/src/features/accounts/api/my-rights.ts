import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** `queryAccountAuth` without a user number: the accounts the signed-in seat holds rights on. */
export const myRightsQuery = queryOptions({
  queryKey: [...accountsKey, 'my-rights'],
  queryFn: () => http.call(accountsApi.queryAccountAuth, {}),
  staleTime: 0,
});
