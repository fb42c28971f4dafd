import { describe, expect, it } from 'vitest';
import { assignableRoles, candidatesFor } from './assign-plan';

describe('user assign plan', () => {
  it("leaves the bank's administrator roles out of the picker", () => {
    const roles = [{ roleCode: 'CUSTOMER_MAKER' }, { roleCode: 'STAFF_GATEWAY_ADMIN' }, { roleCode: 'CUSTOMER_REVIEWER' }];
    expect(assignableRoles(roles).map((r) => r.roleCode)).toEqual(['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
  });

  it("offers the seats of the role's kind, and keeps members the list no longer shows", () => {
    const users = [
      { userNo: 'U100000101', userName: '张伟' },
      { userNo: 'S900000001', userName: '陈涛' },
    ];
    expect(candidatesFor({ userType: 'customer', userNos: ['U100000101', 'U100000999'] }, users)).toEqual([
      { userNo: 'U100000101', userName: '张伟' },
      { userNo: 'U100000999', userName: '（未在用户列表中）' },
    ]);
  });
});
