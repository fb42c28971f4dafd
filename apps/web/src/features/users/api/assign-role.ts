import { usersApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { useUsersWrite } from './keys';

/**
 * `userRolesAssign`: the role's members become exactly `userNos` (for an enterprise's
 * administrator, its members in that enterprise; other enterprises' stay).
 */
export const useAssignRole = () => useUsersWrite((input: { roleId: number; userNos: string[] }) => http.call(usersApi.userRolesAssign, input));
