import type { Role } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { addOperatorFields, editOperatorFields } from './operator-fields';
import { membersToSave, movableMembers } from './role-members';

const role = (roleId: number, roleName: string, userType: Role['userType'] = 'customer'): Role => ({ roleId, roleCode: `R${roleId}`, roleName, userType, authorities: [], userNos: [] });

describe('operator forms', () => {
  it('offers the customer roles as checkboxes', () => {
    const roles = addOperatorFields([role(1, '经办员'), role(2, 'API网关管理员', 'staff'), role(5, '企业管理员')]).find((f) => f.name === 'roleIds');
    expect(roles).toMatchObject({ type: 'checkbox', options: [{ key: 1, value: '经办员' }, { key: 5, value: '企业管理员' }] });
  });

  it('locks the login of a person with seats elsewhere, and one’s own status and roles', () => {
    const disabled = (loginLocked: boolean, self = false) => editOperatorFields([], { loginLocked, self }).filter((f) => f.disabled).map((f) => f.name);
    expect(disabled(false)).toEqual(['username']);
    expect(disabled(true)).toEqual(['username', 'nickName', 'mobile', 'email', 'status']);
    // One's own status and roles stay as they are.
    expect(disabled(false, true)).toEqual(['username', 'status', 'roleIds']);
  });
});

describe('role members', () => {
  const movable = new Set(['U1', 'U2', 'U3']);
  it('keeps the members the administrator may not move', () => {
    // U9: its own seat (or a stopped one), not in the list.
    expect(movableMembers(['U1', 'U9'], movable)).toEqual(['U1']);
    expect(membersToSave(['U1', 'U9'], movable, ['U2', 'U3'])).toEqual(['U9', 'U2', 'U3']);
    expect(membersToSave(['U9'], movable, ['U9'])).toEqual(['U9']);
  });
});
