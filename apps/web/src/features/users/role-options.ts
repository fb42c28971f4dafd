import type { Role } from '@portal/shared';

const GROUP_LABELS = { staff: '行内员工角色', customer: '客户角色' } as const;

const option = (r: Role) => ({ value: r.roleId, label: r.roleName });

/** The roles one kind of seat may hold. */
export const seatRoleOptions = (roles: readonly Role[] | undefined, userType: Role['userType']) =>
  (roles ?? []).filter((r) => r.userType === userType).map(option);

/** Every role, grouped by the kind of seat that may hold it (the server refuses a mismatch). */
export const groupedRoleOptions = (roles: readonly Role[] | undefined) =>
  (['staff', 'customer'] as const).map((type) => ({ label: GROUP_LABELS[type], title: GROUP_LABELS[type], options: seatRoleOptions(roles, type) }));

/** Staff seats are `S…` (the bank's own enterprise), customer seats `U…`. */
export const seatUserType = (userNo: string): Role['userType'] => (userNo.startsWith('S') ? 'staff' : 'customer');
