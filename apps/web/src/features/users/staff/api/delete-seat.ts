import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { usersKey } from './list-users';

/** `userDelete`: removes one seat (its sessions end), and the person with their last one. */
export function useDeleteSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userNo: string) => http.call(usersApi.userDelete, { userNo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
