import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

/**
 * `lockedUsers` (needs USER_UNLOCK): who is locked now, for the list's 锁定 column, since the
 * user list itself does not carry the lock state.
 */
export const lockedUsersQuery = queryOptions({
  queryKey: [...usersKey, 'locked'],
  queryFn: () => http.call(authApi.lockedUsers),
});
