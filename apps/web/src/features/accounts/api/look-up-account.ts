import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** `queryByAccountNo`: a register account of the own enterprise, looked up before adding it (read fresh each time). */
export const lookUpAccountQuery = (accountNo: string) =>
  queryOptions({
    queryKey: [...accountsKey, 'look-up', accountNo],
    queryFn: () => http.call(accountsApi.queryByAccountNo, { accountNo }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
