import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

/** `userAll`: the active seats (an enterprise's administrator: its own enterprise's), the role transfer list's items. */
export const seatsQuery = queryOptions({
  queryKey: [...usersKey, 'seats'],
  queryFn: () => http.call(usersApi.userAll, {}),
});
