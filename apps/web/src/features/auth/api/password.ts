import { authApi, type PasswordChange } from '@portal/shared';
import { http } from '../../../lib/http';

/** Spec §7: true when the user's password is initial or expired and must be changed now. */
export const isExpiredOrFirstLogin = (username: string) =>
  http.call(authApi.isExpiredOrFirstLogin, { username }, { silent: true });

export const changePassword = (request: PasswordChange) => http.call(authApi.passwordUpdate, request);
