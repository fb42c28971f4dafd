import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { remindersKey } from '../../../lib/reminders';
import { accountsKey } from './list-accounts';

export type AccountAddInput = z.input<typeof accountsApi.accountInsertSchema>;

/** `accountInsert` (signed as AccountAdd): a status-00 register account into e-banking, in use. */
export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountAddInput) => http.call(accountsApi.accountInsert, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountsKey }), queryClient.invalidateQueries({ queryKey: remindersKey })]),
  });
}
