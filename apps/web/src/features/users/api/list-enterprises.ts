import { queryOptions } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

/** `enterpriseAll`: the enterprises in service, for the query form and the new user's enterprise. */
export const enterpriseOptionsQuery = queryOptions({
  queryKey: [...usersKey, 'enterprises'],
  queryFn: () => http.call(enterprisesApi.enterpriseAll),
});
