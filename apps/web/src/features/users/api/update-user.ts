import { usersApi } from '@portal/shared';
import { http, type CallInput } from '../../../lib/http';
import { useUsersWrite } from './keys';

export type UserUpdateInput = CallInput<typeof usersApi.userUpdate>;

/** `userUpdate`: profile, status and the roles of the listed seats (omitted profile fields are cleared). */
export const useUpdateUser = () => useUsersWrite((input: UserUpdateInput) => http.call(usersApi.userUpdate, input));
