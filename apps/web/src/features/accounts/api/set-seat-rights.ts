import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type AccountRights } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

export type AccountRightsEntry = AccountRights & { accountNo: string };

/** `personModify`: a seat's whole set of account rights; an account left out loses its rights. */
export function useSetSeatRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userNo: string; accounts: AccountRightsEntry[] }) => http.call(accountsApi.personModify, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
