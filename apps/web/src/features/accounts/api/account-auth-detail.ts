import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** `accountAuthDetail`: every seat of the enterprise with its rights on one account. */
export const accountAuthDetailQuery = (accountNo: string) =>
  queryOptions({
    queryKey: [...accountsKey, 'auth-detail', accountNo],
    queryFn: () => http.call(accountsApi.accountAuthDetail, { accountNo }),
    staleTime: 0,
  });
