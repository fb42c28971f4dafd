import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

/** `userResetPassword`: a one-time password in the answer only; the person's sessions end. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => http.call(usersApi.userResetPassword, { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
