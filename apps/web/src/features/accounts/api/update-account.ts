import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

export type AccountUpdateInput = z.input<typeof accountsApi.accountUpdateSchema>;

/** `accountUpdate` (signed as AccountEdit): alias and limits of an e-banking account; an empty limit is none. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountUpdateInput) => http.call(accountsApi.accountUpdate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
