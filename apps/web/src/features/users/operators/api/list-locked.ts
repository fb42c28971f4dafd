import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

/** `lockedUsers`: the enterprise's people locked by wrong passwords, for the 锁定 column. */
export const lockedOperatorsQuery = queryOptions({
  queryKey: [...operatorAdminKey, 'locked'],
  queryFn: () => http.call(authApi.lockedUsers),
});
