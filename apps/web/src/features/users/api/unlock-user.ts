import { authApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { useUsersWrite } from './keys';

/** `unlockUser`: clears the person's lock (and their browsers'). */
export const useUnlockUser = () => useUsersWrite((userId: number) => http.call(authApi.unlockUser, { userId }));
