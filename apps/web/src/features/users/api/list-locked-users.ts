import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

/**
 * `lockedUsers` (needs USER_UNLOCK): who is locked by wrong passwords now, for the lists' lock
 * state, since the user list itself does not carry it.
 */
export const lockedUsersQuery = queryOptions({
  queryKey: [...usersKey, 'locked'],
  queryFn: () => http.call(authApi.lockedUsers),
});
