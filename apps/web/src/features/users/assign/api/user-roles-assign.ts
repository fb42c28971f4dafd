import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { http } from '../../../../lib/http';
import { userRolesQuery } from './user-roles';

/** `POST {prefix}/user/roles/add {roleId, userNos}`: the role's members become exactly `userNos`. */
export function useAssignRoleUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { roleId: number; userNos: string[] }) => http.call(usersApi.userRolesAssign, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userRolesQuery.queryKey }),
  });
}
