import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';

/** `GET {prefix}/user/all`: every active user number, the transfer list's items. */
export const allUsersQuery = queryOptions({
  queryKey: ['user-assign', 'users'],
  queryFn: () => http.call(usersApi.userAll, {}),
});
