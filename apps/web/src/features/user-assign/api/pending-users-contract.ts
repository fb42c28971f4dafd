import { defineOperation } from '@portal/shared';
import { z } from 'zod';

/**
 * Stand-in for `usersApi` until the users contract (packages/shared/src/api/users.ts) is on
 * main: the three operations this screen calls, with the paths of spec §7 and the shapes being
 * added there. When it lands, this file becomes one line:
 *
 *   export { usersApi } from '@portal/shared';
 */
const base = { category: '企业与用户管理', serviceId: 'zctg-customer', audience: ['staff'], encrypt: true } as const;

const roleSchema = z.object({
  roleId: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  userType: z.enum(['customer', 'staff']),
  authorities: z.array(z.string()),
  userNos: z.array(z.string()),
});

export const usersApi = {
  userRoles: defineOperation({
    ...base,
    id: 'USER_ROLES',
    name: '角色列表（含成员）',
    method: 'GET',
    path: '/{prefix}/user/roles',
    authority: ['GATEWAY_ADMIN'],
    response: z.array(roleSchema),
  }),
  userAll: defineOperation({
    ...base,
    id: 'USER_ALL',
    name: '全部用户号',
    method: 'GET',
    path: '/{prefix}/user/all',
    authority: ['GATEWAY_ADMIN'],
    request: z.object({ enterpriseNo: z.string().optional() }),
    response: z.array(z.object({ userNo: z.string(), userName: z.string(), username: z.string(), userId: z.number(), enterpriseNo: z.string(), enterpriseName: z.string() })),
  }),
  userRolesAssign: defineOperation({
    ...base,
    id: 'USER_ROLES_ADD',
    name: '分配角色成员',
    method: 'POST',
    path: '/{prefix}/user/roles/add',
    authority: ['ACTION_userAssign'],
    antiReplay: true,
    request: z.object({ roleId: z.number(), userNos: z.array(z.string()) }),
    response: z.object({ roleId: z.number(), added: z.array(z.string()), removed: z.array(z.string()) }),
  }),
};
