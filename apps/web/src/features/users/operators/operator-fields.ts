import { usersApi, type Role } from '@portal/shared';
import type { FormField } from '../../../components/form-builder';
import { schemaRule } from '../../../lib/schema-rule';

const add = usersApi.userAddSchema.shape;
const update = usersApi.userUpdateSchema.shape;

/** The roles an administrator hands out, as checkbox options (the server lists the customer roles only). */
const roleOptions = (roles: readonly Role[] | undefined) => (roles ?? []).filter((r) => r.userType === 'customer').map((r) => ({ key: r.roleId, value: r.roleName }));

/** 新增操作员: the login and its roles in this enterprise. */
export function addOperatorFields(roles: readonly Role[] | undefined): FormField[] {
  return [
    { name: 'username', type: 'text', label: '用户名', required: true, placeholder: '以字母开头，3到32位', rules: [schemaRule(add.username)] },
    { name: 'nickName', type: 'text', label: '用户姓名', required: true, rules: [schemaRule(add.nickName)] },
    { name: 'roleIds', type: 'checkbox', label: '角色', options: roleOptions(roles), rules: [schemaRule(add.roleIds)] },
    { name: 'mobile', type: 'text', label: '手机号', placeholder: '选填', rules: [schemaRule(add.mobile)] },
    { name: 'email', type: 'text', label: '邮箱', placeholder: '选填', rules: [schemaRule(add.email)] },
  ];
}

export const STATUS_OPTIONS = [
  { key: 1, value: '启用' },
  { key: 0, value: '停用' },
];

/**
 * 修改操作员: the login (name, contact, status) only when the person has no seat in another
 * enterprise (`loginLocked`: that enterprise's administrator has the same say), and never one's
 * own status or roles (`self`); the seat's roles otherwise.
 */
export function editOperatorFields(roles: readonly Role[] | undefined, { loginLocked, self }: { loginLocked: boolean; self: boolean }): FormField[] {
  return [
    { name: 'username', type: 'text', label: '用户名', disabled: true },
    { name: 'nickName', type: 'text', label: '用户姓名', required: true, disabled: loginLocked, rules: [schemaRule(update.nickName)] },
    { name: 'mobile', type: 'text', label: '手机号', placeholder: '选填', disabled: loginLocked, rules: [schemaRule(update.mobile)] },
    { name: 'email', type: 'text', label: '邮箱', placeholder: '选填', disabled: loginLocked, rules: [schemaRule(update.email)] },
    { name: 'status', type: 'radio', label: '状态', options: STATUS_OPTIONS, disabled: loginLocked || self },
    { name: 'roleIds', type: 'checkbox', label: '角色', options: roleOptions(roles), disabled: self, rules: [schemaRule(add.roleIds)] },
  ];
}
