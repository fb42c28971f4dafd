import { z } from 'zod';
import { newPasswordProblem } from '../auth';
import { int4Id, plainText } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';
import { heldChangeSchema, orHeld } from './held';
import { filterText, pageOf, pageQuery, queryId } from './paging';

/**
 * Administration of users (spec §7 `{prefix}/user…`). A *user* is a login (one person,
 * one password); a *user number* is that person's seat in one enterprise, and roles attach to
 * seats. Usernames are unique across the bank, whatever their letter case.
 */
const base = { category: '企业与用户管理', serviceId: 'zctg-customer', audience: ['staff'] } as const;
/**
 * The calls an enterprise's administrator shares with staff (操作员管理, `OPERATOR_MANAGE` and the
 * user `ACTION_` authorities): the server scopes them to the seats of the session's enterprise.
 */
const operators = { ...base, audience: ['staff', 'customer'] } as const;

const USER_ID_MESSAGE = '用户编号须为1到2147483647之间的整数';
const ROLE_ID_MESSAGE = '角色编号须为1到2147483647之间的整数';

export const USERNAME_MESSAGE = '用户名须以字母开头，3到32位字母、数字、_ . -';
export const usernameSchema = plainText('用户名不能包含控制字符')
  .trim()
  .min(1, '请输入用户名！')
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, USERNAME_MESSAGE);

export const nickNameSchema = plainText('用户姓名不能包含控制字符').trim().min(1, '请输入用户姓名').max(32, '用户姓名不能超过32个字符');

export const enterpriseNoSchema = plainText('企业编号不能包含控制字符')
  .trim()
  .min(1, '请输入企业编号')
  .regex(/^\d{10}$/, '企业编号须为10位数字');

/** `S…` staff seats, `U…` customer seats: a letter and nine digits. */
export const userNoSchema = plainText('用户号不能包含控制字符').trim().min(1, '请选择用户号').regex(/^[SU]\d{9}$/, '用户号格式不正确');

const mobileSchema = plainText('手机号不能包含控制字符')
  .trim()
  .refine((v) => v === '' || /^1\d{10}$/.test(v), '手机号须为以1开头的11位数字')
  .default('');
const emailSchema = plainText('邮箱不能包含控制字符')
  .trim()
  .max(100, '邮箱不能超过100个字符')
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确')
  .default('');
const userDescSchema = plainText('用户描述不能包含控制字符').trim().max(200, '用户描述不能超过200个字符').default('');
const branchCodeSchema = plainText('机构号不能包含控制字符')
  .trim()
  .regex(/^[0-9A-Za-z]{0,16}$/, '机构号须为16位以内的字母或数字')
  .default('');
const roleIdsSchema = z.array(int4Id(ROLE_ID_MESSAGE), { error: '角色须为角色编号列表' }).max(20, '角色不能超过20个').default([]);
const statusSchema = z.union([z.literal(0), z.literal(1)], { error: '状态须为0（停用）或1（启用）' });

/** A staff-chosen password: spec §5's new-password rules. */
export const adminPasswordSchema = z
  .string({ error: '请输入密码' })
  .max(64, '长度8到12个字符')
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const roleRefSchema = z.object({ roleId: z.number(), roleCode: z.string(), roleName: z.string() });

/** One row of the user list: a seat with its person. */
export const userRecordSchema = z.object({
  userId: z.number(),
  userNo: z.string(),
  username: z.string(),
  nickName: z.string(),
  userType: z.enum(['customer', 'staff']),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  /** The person's status: 0 cannot log in anywhere. */
  status: z.number(),
  /** The seat's own status. */
  seatStatus: z.number(),
  mobile: z.string(),
  email: z.string(),
  mustChangePassword: z.boolean(),
  roles: z.array(roleRefSchema),
  createdAt: z.string(),
  /** The person also has seats the caller does not administer: only the bank changes their login. */
  seatsElsewhere: z.boolean(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userDetailSchema = z.object({
  userId: z.number(),
  username: z.string(),
  nickName: z.string(),
  userType: z.enum(['customer', 'staff']),
  mobile: z.string(),
  email: z.string(),
  userDesc: z.string(),
  branchCode: z.string(),
  status: z.number(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** As in the user list: seats the caller does not administer (not listed in `seats`). */
  seatsElsewhere: z.boolean(),
  seats: z.array(z.object({ userNo: z.string(), enterpriseNo: z.string(), enterpriseName: z.string(), status: z.number(), roles: z.array(roleRefSchema) })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userQuerySchema = z.object({
  ...pageQuery,
  username: filterText('用户名'),
  nickName: filterText('用户姓名'),
  enterpriseNo: filterText('企业编号', 10),
});

/** Spec §7 `GET {prefix}/user`: seats with their person, paged; filters are contains-matches, case-insensitive. */
export const userList = defineOperation({
  ...operators,
  id: 'USER_LIST',
  name: '用户列表（分页）',
  method: 'GET',
  path: '/{prefix}/user',
  authority: ['USER_MANAGE', 'OPERATOR_MANAGE'],
  encrypt: true,
  request: userQuerySchema,
  response: pageOf(userRecordSchema),
});

/** Spec §3 "Transfer list user": `userName` is the person's name (用户姓名), `username` the login. */
export const transferUserSchema = z.object({
  userNo: z.string(),
  userName: z.string(),
  username: z.string(),
  userId: z.number(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
});

/** Spec §7 `GET {prefix}/user/all`: every active seat (of one enterprise when given), for transfer lists. */
export const userAll = defineOperation({
  ...operators,
  id: 'USER_ALL',
  name: '全部用户号',
  method: 'GET',
  path: '/{prefix}/user/all',
  authority: ['USER_MANAGE', 'GATEWAY_ADMIN', 'OPERATOR_MANAGE'],
  encrypt: true,
  request: z.object({ enterpriseNo: enterpriseNoSchema.optional() }),
  response: z.array(transferUserSchema),
});

const userIdQuery = z.object({ userId: queryId(USER_ID_MESSAGE) });

/** Spec §7 `GET {prefix}/getUserById`: the person with every seat and its roles. */
export const userGet = defineOperation({
  ...operators,
  id: 'USER_GET',
  name: '用户详情',
  method: 'GET',
  path: '/{prefix}/getUserById',
  authority: ['USER_MANAGE', 'OPERATOR_MANAGE'],
  encrypt: true,
  request: userIdQuery,
  response: userDetailSchema,
});

export const userAddSchema = z.object({
  username: usernameSchema,
  nickName: nickNameSchema,
  enterpriseNo: enterpriseNoSchema,
  roleIds: roleIdsSchema,
  mobile: mobileSchema,
  email: emailSchema,
  userDesc: userDescSchema,
  branchCode: branchCodeSchema,
});

/** What creating a login answers: the initial password is shown here once and must be changed at the first login. */
export const createdLoginSchema = z.object({ userId: z.number(), userNo: z.string(), username: z.string(), initialPassword: z.string() });

/**
 * Spec §7 `user/add`: a new login with its first seat. Staff seats are in the bank's own
 * enterprise and take staff roles; customer seats take customer roles. An enterprise
 * administrator adds seats to its own enterprise only.
 */
export const userAdd = defineOperation({
  ...operators,
  id: 'USER_ADD',
  held: true,
  // The answer carries a one-time password.
  pinned: ['encrypted'],
  name: '新增用户',
  method: 'POST',
  path: '/{prefix}/user/add',
  authority: ['ACTION_userAdd'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(userAddSchema),
  signing: 'UserAdd',
  // Held for a second administrator (待审批变更) unless the enterprise is waived.
  response: orHeld(createdLoginSchema),
});

export const seatAddSchema = z.object({
  userId: int4Id(USER_ID_MESSAGE),
  enterpriseNo: enterpriseNoSchema,
  roleIds: roleIdsSchema,
  /** Staff saw the SEAT_DUTY_CONFLICT warning and open the seat anyway. */
  confirmConflict: z.boolean().default(false),
});

/** A further seat for an existing login, in another enterprise (one login, several enterprises). */
export const userSeatAdd = defineOperation({
  ...base,
  id: 'USER_SEAT_ADD',
  name: '为用户新增企业用户号',
  method: 'POST',
  path: '/{prefix}/user/userNo/add',
  authority: ['ACTION_userAdd'],
  encrypt: true,
  antiReplay: true,
  request: seatAddSchema,
  response: z.object({ userNo: z.string() }),
});

export const userUpdateSchema = z.object({
  userId: int4Id(USER_ID_MESSAGE),
  nickName: nickNameSchema,
  mobile: mobileSchema,
  email: emailSchema,
  userDesc: userDescSchema,
  branchCode: branchCodeSchema,
  /** 0 stops the person logging in anywhere and ends their sessions. */
  status: statusSchema.default(1),
  /** Replaces the roles of the listed seats of this person (seats not listed keep theirs). */
  seatRoles: z
    .array(z.object({ userNo: userNoSchema, roleIds: roleIdsSchema }))
    .max(50, '用户号不能超过50个')
    .default([]),
});

/**
 * Spec §7 `user/update`. No one changes their own roles or status; an enterprise administrator
 * changes the login (name, contact, status) only of a person with no seat in another enterprise.
 */
export const userUpdate = defineOperation({
  ...operators,
  id: 'USER_UPDATE',
  held: true,
  name: '修改用户',
  method: 'POST',
  path: '/{prefix}/user/update',
  authority: ['ACTION_userEdit'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(userUpdateSchema),
  signing: 'UserEdit',
  response: heldChangeSchema.nullable(),
});

/**
 * Spec §7 `user/delete`: removes one seat and ends its sessions; the person (login) goes with
 * their last seat. Staff cannot delete themselves; the last gateway administrator stays.
 */
export const userDelete = defineOperation({
  ...operators,
  id: 'USER_DELETE',
  held: true,
  name: '删除用户号',
  method: 'POST',
  path: '/{prefix}/user/delete',
  authority: ['ACTION_userDelete'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(z.object({ userNo: userNoSchema })),
  signing: 'UserDelete',
  response: orHeld(z.object({ userNo: z.string(), userDeleted: z.boolean() })),
});

/**
 * Spec §7 `user/resetPassword`: a one-time password, in this answer only; the next login
 * answers 040007 (must change), and every session of the person ends.
 */
export const userResetPassword = defineOperation({
  ...operators,
  id: 'USER_RESET_PASSWORD',
  held: true,
  pinned: ['encrypted'],
  name: '重置用户密码（一次性密码）',
  method: 'POST',
  path: '/{prefix}/user/resetPassword',
  authority: ['ACTION_userResetPassword'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(z.object({ userId: int4Id(USER_ID_MESSAGE) })),
  signing: 'UserResetPassword',
  response: orHeld(z.object({ userId: z.number(), username: z.string(), password: z.string() })),
});

/** Spec §3 "User update password" `{userId, password}`: staff set a password, to be changed at the next login. */
export const userSetPassword = defineOperation({
  ...base,
  id: 'USER_SET_PASSWORD',
  pinned: ['encrypted'],
  name: '设置用户密码',
  method: 'POST',
  path: '/{prefix}/user/update/password',
  authority: ['ACTION_userResetPassword'],
  encrypt: true,
  antiReplay: true,
  request: z.object({ userId: int4Id(USER_ID_MESSAGE), password: adminPasswordSchema }),
});

/** Spec §7 `user/authority/query`: a seat's roles and the authorities they give. */
export const userAuthorityQuery = defineOperation({
  ...operators,
  id: 'USER_AUTHORITY_QUERY',
  name: '查询用户号权限',
  method: 'POST',
  path: '/{prefix}/user/authority/query',
  authority: ['USER_MANAGE', 'OPERATOR_MANAGE'],
  encrypt: true,
  request: z.object({ userNo: userNoSchema }),
  response: z.object({
    userNo: z.string(),
    roles: z.array(roleRefSchema),
    authorities: z.array(z.object({ authority: z.string(), description: z.string() })),
  }),
});

/** Spec §7 `GET {prefix}/userUnlock/getUserById`: a person's lock state, for the unlock screen. */
export const userUnlockGet = defineOperation({
  ...operators,
  id: 'USER_UNLOCK_GET',
  name: '查询用户锁定状态',
  method: 'GET',
  path: '/{prefix}/userUnlock/getUserById',
  authority: ['USER_UNLOCK', 'OPERATOR_MANAGE'],
  encrypt: true,
  request: userIdQuery,
  response: z.object({
    userId: z.number(),
    username: z.string(),
    nickName: z.string(),
    /** A lock in force now (the person's own or one of their browsers'). */
    locked: z.boolean(),
    failedAttempts: z.number(),
    lockedAt: z.string().nullable(),
  }),
});

export const roleSchema = z.object({
  roleId: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  /** Which seats may hold it: staff roles for the bank's seats, customer roles for the others. */
  userType: z.enum(['customer', 'staff']),
  authorities: z.array(z.string()),
  /** The seats holding it. */
  userNos: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

/**
 * Spec §7 `GET {prefix}/user/roles`: the roles, their authorities and their members; an
 * enterprise administrator sees the customer roles and its own enterprise's members.
 */
export const userRoles = defineOperation({
  ...operators,
  id: 'USER_ROLES',
  name: '角色列表（含成员）',
  method: 'GET',
  path: '/{prefix}/user/roles',
  authority: ['USER_MANAGE', 'GATEWAY_ADMIN', 'OPERATOR_MANAGE'],
  encrypt: true,
  response: z.array(roleSchema),
});

export const roleMembersSchema = z.object({
  roleId: int4Id(ROLE_ID_MESSAGE),
  userNos: z.array(userNoSchema, { error: '用户号须为列表' }).max(1000, '一次最多分配1000个用户号'),
});

/**
 * Spec §7 `user/roles/add {roleId, userNos}` (the user-assign transfer list): the role's whole
 * membership becomes `userNos`, all or nothing. For an enterprise administrator, the membership
 * within its enterprise: other enterprises' members stay.
 */
export const userRolesAssign = defineOperation({
  ...operators,
  id: 'USER_ROLES_ADD',
  held: true,
  name: '分配角色成员',
  method: 'POST',
  path: '/{prefix}/user/roles/add',
  authority: ['ACTION_userAssign'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(roleMembersSchema),
  signing: 'UserAddRole',
  response: orHeld(z.object({ roleId: z.number(), added: z.array(z.string()), removed: z.array(z.string()) })),
});
