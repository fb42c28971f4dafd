import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

/** `userGet`: the person with every seat and its roles, for the edit dialog. */
export const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...usersKey, 'detail', userId],
    queryFn: () => http.call(usersApi.userGet, { userId }),
    staleTime: 0,
  });
