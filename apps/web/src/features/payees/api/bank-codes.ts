import { queryOptions } from '@tanstack/react-query';
import { payeesApi } from '@portal/shared';
import { http } from '../../../lib/http';

/** The bank-code table by what the person typed (a code's first digits, a bank, 工行, a city); reference data, kept a while. */
export const bankCodeSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['bankCodes', keyword],
    queryFn: () => http.call(payeesApi.bankCodeSearch, { keyword }, { silent: true }),
    staleTime: 10 * 60_000,
  });
