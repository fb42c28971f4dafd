import { queryOptions } from '@tanstack/react-query';
import { payeesApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { templatesKey } from './templates';

/** The enterprise's effective payees a template may name (the payee book's usable view, first 100). */
export const usablePayeesQuery = queryOptions({
  queryKey: [...templatesKey, 'payees'],
  queryFn: async () => (await http.call(payeesApi.payeeQuery, { view: 'usable', limit: 100 })).records,
});
