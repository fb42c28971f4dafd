import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, usersApi } from '@portal/shared';
import { http, type CallInput } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

export type OperatorAddInput = CallInput<typeof usersApi.userAdd>;
export type OperatorUpdateInput = CallInput<typeof usersApi.userUpdate>;

/** A write of this screen: on success every query of the screen is read again. */
function useOperatorWrite<In, Out>(write: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorAdminKey }) });
}

/** `userAdd`: a new login with its seat in this enterprise; the answer holds the one-time password. */
export const useAddOperator = () => useOperatorWrite((input: OperatorAddInput) => http.call(usersApi.userAdd, input));

/** `userUpdate`: the login (when the person is wholly this enterprise's) and the seat's roles. */
export const useUpdateOperator = () => useOperatorWrite((input: OperatorUpdateInput) => http.call(usersApi.userUpdate, input));

/** `userDelete`: removes the seat (its sessions end), and the person with their last one. */
export const useDeleteSeat = () => useOperatorWrite((userNo: string) => http.call(usersApi.userDelete, { userNo }));

/** `userResetPassword`: a one-time password in the answer only; the person's sessions end. */
export const useResetPassword = () => useOperatorWrite((userId: number) => http.call(usersApi.userResetPassword, { userId }));

/** `unlockUser`: clears the person's lock (and their browsers'). */
export const useUnlockOperator = () => useOperatorWrite((userId: number) => http.call(authApi.unlockUser, { userId }));

/** `userRolesAssign`: the role's members in this enterprise become exactly `userNos`. */
export const useAssignRole = () => useOperatorWrite((input: { roleId: number; userNos: string[] }) => http.call(usersApi.userRolesAssign, input));
