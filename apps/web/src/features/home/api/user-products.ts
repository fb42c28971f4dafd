import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';

/** `userProductsLinks`: the products the seat works on (the home shows nothing when it fails). */
export const userProductsQuery = queryOptions({
  queryKey: ['home', 'user-products'],
  queryFn: () => http.call(accountsApi.userProductsLinks, undefined, { silent: true }),
  staleTime: 60_000,
});
