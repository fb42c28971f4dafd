import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

/** `userGet`: the person with their seat in this enterprise (the only one the administrator sees). */
export const operatorDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...operatorAdminKey, 'detail', userId],
    queryFn: () => http.call(usersApi.userGet, { userId }),
    staleTime: 0,
  });
