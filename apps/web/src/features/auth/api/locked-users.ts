import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@portal/shared';
import { http } from '../../../lib/http';

const lockedUsersKey = ['user-unlock', 'locked'];

/** `lockedUsers`: users locked by wrong passwords. */
export const lockedUsersQuery = queryOptions({ queryKey: lockedUsersKey, queryFn: () => http.call(authApi.lockedUsers) });

/** `unlockUser`: clears the lock; the list is read again. */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => http.call(authApi.unlockUser, { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockedUsersKey }),
  });
}
