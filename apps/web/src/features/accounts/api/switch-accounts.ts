import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

/** Switch on (`accountStart`) or off (`accountForbidden`), both signed as AccountUsed. */
export type AccountSwitch = 'start' | 'forbid';

const OPERATIONS = { start: accountsApi.accountStart, forbid: accountsApi.accountForbidden } as const;

/** Starts or forbids the selected e-banking accounts, all or nothing; the answer says which changed. */
export function useSwitchAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, accountNos }: { to: AccountSwitch; accountNos: string[] }) => http.call(OPERATIONS[to], { accountNos }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
