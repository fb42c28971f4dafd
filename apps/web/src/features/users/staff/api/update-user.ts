import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

export type UserUpdateInput = z.input<typeof usersApi.userUpdateSchema>;

/** `userUpdate`: profile, status and the roles of the listed seats (omitted profile fields are cleared). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdateInput) => http.call(usersApi.userUpdate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
