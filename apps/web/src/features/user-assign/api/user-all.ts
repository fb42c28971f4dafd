import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersApi } from './pending-users-contract';

/** `GET {prefix}/user/all`: every active user number, the transfer list's items. */
export const allUsersQuery = queryOptions({
  queryKey: ['user-assign', 'users'],
  queryFn: () => http.call(usersApi.userAll, {}),
});
