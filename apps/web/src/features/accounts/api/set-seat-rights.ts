import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalCrypto } from '@portal/crypto';
import { accountsApi, type AccountRights } from '@portal/shared';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

export type AccountRightsEntry = AccountRights & { accountNo: string };

/**
 * `personModify`: a seat's whole set of account rights; an account left out loses its rights.
 * Its signature (AccountAuth) covers the list by its length and SM3, sent alongside it.
 */
export function useSetSeatRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userNo, accounts }: { userNo: string; accounts: AccountRightsEntry[] }) => {
      const rightsSm3 = portalCrypto.toHex(await portalCrypto.sm3(portalCrypto.utf8Encode(accountsApi.accountRightsText(accounts))));
      return http.call(accountsApi.personModify, { userNo, accounts, accountCount: accounts.length, rightsSm3 });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
