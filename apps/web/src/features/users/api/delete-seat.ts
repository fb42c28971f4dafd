import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { useUsersWrite } from './keys';

/** `userDelete`: removes one seat (its sessions end), and the person with their last one. */
export const useDeleteSeat = () => useUsersWrite((userNo: string) => http.call(usersApi.userDelete, { userNo }));
