import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';

/** `GET {prefix}/user/roles`: every role with the user numbers holding it. */
export const userRolesQuery = queryOptions({
  queryKey: ['user-assign', 'roles'],
  queryFn: () => http.call(usersApi.userRoles),
});
