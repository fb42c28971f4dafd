import { queryOptions } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import { http } from '../../../../lib/http';

/** `enterpriseAll`: the enterprises in service, for the query form and the new user's enterprise. */
export const enterpriseOptionsQuery = queryOptions({
  queryKey: ['user-admin', 'enterprises'],
  queryFn: () => http.call(enterprisesApi.enterpriseAll),
});
