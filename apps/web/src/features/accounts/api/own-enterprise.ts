import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** `queryEnterprise` on the session's enterprise: its type says whether it confirms others' accounts. */
export const enterpriseQuery = (enterpriseNo: string) =>
  queryOptions({
    queryKey: [...accountsKey, 'enterprise', enterpriseNo],
    queryFn: () => http.call(accountsApi.queryEnterprise, { enterpriseNo }),
    staleTime: 5 * 60_000,
  });
