import { seatUserType } from '../role-options';

/** A role as the picker needs it. */
export interface AssignableRole {
  roleId: number;
  roleCode: string;
  roleName: string;
  userType: 'customer' | 'staff';
  userNos: readonly string[];
}

export interface AssignUser {
  userNo: string;
  userName: string;
}

/** The bank's own administrator roles are not handed out from this screen. */
export const assignableRoles = <R extends Pick<AssignableRole, 'roleCode'>>(roles: readonly R[]): R[] => roles.filter((role) => !role.roleCode.startsWith('STAFF_'));

/**
 * The transfer list's items for `role`: the user numbers that may hold it, plus any member the
 * user list no longer shows (a stopped seat), so saving never drops someone unseen.
 */
export function candidatesFor(role: Pick<AssignableRole, 'userType' | 'userNos'>, users: readonly AssignUser[]): AssignUser[] {
  const eligible = users.filter((user) => seatUserType(user.userNo) === role.userType);
  const listed = new Set(eligible.map((user) => user.userNo));
  const unseen = role.userNos.filter((userNo) => !listed.has(userNo)).map((userNo) => ({ userNo, userName: '（未在用户列表中）' }));
  return [...eligible, ...unseen];
}
