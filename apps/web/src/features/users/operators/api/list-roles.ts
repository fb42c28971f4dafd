import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

/** `userRoles`: the customer roles, each with its members in this enterprise. */
export const operatorRolesQuery = queryOptions({
  queryKey: [...operatorAdminKey, 'roles'],
  queryFn: () => http.call(usersApi.userRoles),
});
