import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

export type UserAddInput = z.input<typeof usersApi.userAddSchema>;

/** `userAdd`: a new login with its first seat; the answer holds the one-time password. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserAddInput) => http.call(usersApi.userAdd, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
