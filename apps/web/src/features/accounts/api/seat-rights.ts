import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** `queryAccountAuth`: the accounts one seat of the enterprise holds rights on. */
export const seatRightsQuery = (userNo: string) =>
  queryOptions({
    queryKey: [...accountsKey, 'seat-rights', userNo],
    queryFn: () => http.call(accountsApi.queryAccountAuth, { userNo }),
    staleTime: 0,
  });
