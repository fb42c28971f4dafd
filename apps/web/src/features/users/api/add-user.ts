import { usersApi } from '@portal/shared';
import { http, type CallInput } from '../../../lib/http';
import { useUsersWrite } from './keys';

export type UserAddInput = CallInput<typeof usersApi.userAdd>;

/** `userAdd`: a new login with its first seat; the answer holds the one-time password. */
export const useAddUser = () => useUsersWrite((input: UserAddInput) => http.call(usersApi.userAdd, input));

export type UserAdded = Awaited<ReturnType<ReturnType<typeof useAddUser>['mutateAsync']>>;
