import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { usersApi } from './pending-users-contract';

/** `GET {prefix}/user/roles`: every role with the user numbers holding it. */
export const userRolesQuery = queryOptions({
  queryKey: ['user-assign', 'roles'],
  queryFn: () => http.call(usersApi.userRoles),
});
