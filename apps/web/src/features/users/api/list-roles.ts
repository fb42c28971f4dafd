import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

/**
 * `userRoles`: the roles the session may hand out (an enterprise's administrator: the customer
 * roles), each with its members, read fresh where the members are assigned.
 */
export const rolesQuery = queryOptions({
  queryKey: [...usersKey, 'roles'],
  queryFn: () => http.call(usersApi.userRoles),
});

/** The same roles as a form's options, where a minute-old list of names will do. */
export const roleOptionsQuery = queryOptions({ ...rolesQuery, staleTime: 60_000 });
