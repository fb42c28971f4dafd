import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { isExpiredOrFirstLogin } from '../api/password';

const expiryKey = (username: string | undefined) => ['password', 'expired-or-first', username] as const;

/**
 * Spec §4 "Layout mount": asks once whether the signed-in user must change the password
 * (returnCode 000000 with data true). `changed` records a successful change, which ends it.
 */
export function usePasswordExpiryCheck(username: string | undefined) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: expiryKey(username),
    queryFn: username ? () => isExpiredOrFirstLogin(username) : skipToken,
    staleTime: Infinity,
  });
  return {
    mustChange: data === true,
    changed: () => queryClient.setQueryData(expiryKey(username), false),
  };
}
