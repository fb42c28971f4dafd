import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';

/** `userRoles`: the roles a seat may be given (staff roles for the bank's seats, customer roles otherwise). */
export const rolesQuery = queryOptions({
  queryKey: ['user-admin', 'roles'],
  queryFn: () => http.call(usersApi.userRoles),
  staleTime: 60_000,
});
