import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

/** `userAll`: the enterprise's active seats, the role transfer list's items. */
export const enterpriseSeatsQuery = queryOptions({
  queryKey: [...operatorAdminKey, 'seats'],
  queryFn: () => http.call(usersApi.userAll, {}),
});
