import type { PasswordChange } from '@portal/shared';
import { CUSTOMER_PREFIX, http } from '../../lib/http';

/** Spec §7: true when the user's password is initial or expired and must be changed now. */
export const isExpiredOrFirstLogin = (username: string) =>
  http.post<boolean>(`/${CUSTOMER_PREFIX}/user/isExpiredOrFirstLogin`, { username }, { silent: true });

export const changePassword = (request: PasswordChange) => http.post<null>(`/${CUSTOMER_PREFIX}/userPassword/update`, request);
