import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

/** `userGet`: the person with their seats and roles (an enterprise's administrator sees its own seat only), for the edit dialogs. */
export const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...usersKey, 'detail', userId],
    queryFn: () => http.call(usersApi.userGet, { userId }),
    staleTime: 0,
  });
