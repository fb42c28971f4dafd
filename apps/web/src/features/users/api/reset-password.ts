import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { useUsersWrite } from './keys';

/** `userResetPassword`: a one-time password in the answer only; the person's sessions end. */
export const useResetPassword = () => useUsersWrite((userId: number) => http.call(usersApi.userResetPassword, { userId }));
