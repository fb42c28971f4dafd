import type { Role } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { groupedRoleOptions, seatRoleOptions, seatUserType } from './role-options';

const role = (roleId: number, roleName: string, userType: Role['userType']): Role => ({ roleId, roleCode: `R${roleId}`, roleName, userType, authorities: [], userNos: [] });
const ROLES = [role(1, '经办员', 'customer'), role(2, 'API网关管理员', 'staff'), role(3, '复核员', 'customer')];

describe('role options', () => {
  it('offers a seat only the roles of its kind', () => {
    expect(seatRoleOptions(ROLES, 'customer')).toEqual([
      { value: 1, label: '经办员' },
      { value: 3, label: '复核员' },
    ]);
    expect(seatRoleOptions(ROLES, 'staff')).toEqual([{ value: 2, label: 'API网关管理员' }]);
    expect(seatRoleOptions(undefined, 'staff')).toEqual([]);
  });

  it('groups every role by kind when the seat is not known yet', () => {
    expect(groupedRoleOptions(ROLES).map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([
      ['行内员工角色', [2]],
      ['客户角色', [1, 3]],
    ]);
  });

  it('tells staff seats (S…) from customer seats (U…)', () => {
    expect(seatUserType('S900000001')).toBe('staff');
    expect(seatUserType('U100000101')).toBe('customer');
  });
});
