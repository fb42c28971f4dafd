import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import { currentUserQuery } from '../../../lib/session';

/** `currentUserUpdate`: nickname, description and avatar; the top bar reads the new ones. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof sessionApi.currentUserUpdate>) => http.call(sessionApi.currentUserUpdate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
