import { z } from 'zod';
import { REMINDER_FIELDS } from '../reminders';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';

const base = { category: '客户服务', serviceId: 'zctg-customer', audience: ['customer', 'staff'] } as const;

const seatSchema = z.object({ userNo: z.string(), enterpriseNo: z.string(), enterpriseName: z.string() });

/** Spec §3 "Session user" as `current/user` returns it. */
export const sessionUserSchema = z.object({
  userName: z.string(),
  username: z.string(),
  userId: z.number(),
  userNo: z.string(),
  nickName: z.string(),
  branchCode: z.string(),
  avatar: z.string(),
  avatarImgPath: z.string(),
  userDesc: z.string(),
  mobile: z.string(),
  email: z.string(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  /** Bank staff or a customer enterprise's user: the home page and menus differ. */
  userType: z.enum(['customer', 'staff']),
  access: z.array(z.string()),
  authorities: z.array(z.object({ authority: z.string() })),
  encrptParams: z.object({
    appAsymmetricEncryptionPublicKey: z.string(),
    appAsymmetricEncryptionType: z.string(),
    appSymmetricEncryptionType: z.string(),
  }),
  userNoList: z.array(seatSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec §2 "Dynamic routes": a menu item. */
export const menuItemSchema = z.object({
  menuId: z.number(),
  parentId: z.number(),
  menuCode: z.string(),
  menuName: z.string(),
  path: z.string(),
  scheme: z.string(),
  target: z.string(),
  icon: z.string(),
  status: z.number(),
  /** 1: a group shown as a group even when it holds a single item (which otherwise takes its place); absent is 0. */
  alwaysShow: z.number().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const currentUser = defineOperation({
  ...base,
  id: 'CURRENT_USER',
  name: '当前用户信息',
  method: 'GET',
  path: '/{prefix}/current/user',
  response: sessionUserSchema,
});

export const currentUserMenu = defineOperation({
  ...base,
  id: 'CURRENT_USER_MENU',
  name: '当前用户菜单',
  method: 'GET',
  path: '/{prefix}/current/user/menu',
  response: z.array(menuItemSchema),
});

// An avatar is a small inline image (the portal has no file store): PNG/JPEG/GIF data URL up to ~96 KB.
const AVATAR = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/]+=*$/;

export const profileUpdateSchema = z.object({
  nickName: plainText('昵称不能包含控制字符').trim().min(1, '昵称不能为空！').max(32, '昵称不能超过32个字符'),
  userDesc: plainText('个人简介不能包含控制字符').trim().max(200, '个人简介不能超过200个字符').default(''),
  avatar: z
    .string()
    .max(131_072, '头像图片不能超过96KB')
    .refine((v) => v === '' || AVATAR.test(v), '头像须为PNG、JPEG或GIF图片')
    .default(''),
});

export const currentUserUpdate = defineOperation({
  ...base,
  id: 'CURRENT_USER_UPDATE',
  idempotent: true,
  name: '修改个人信息',
  method: 'POST',
  path: '/{prefix}/current/user/update',
  encrypt: true,
  request: profileUpdateSchema,
});

/** Spec §4 "Switch enterprise": the person's seats. */
export const enterpriseQuery = defineOperation({
  ...base,
  id: 'USER_ENTERPRISE_QUERY',
  name: '查询可切换企业',
  method: 'POST',
  path: '/{prefix}/user/enterprise/query',
  response: z.array(seatSchema),
});

/** Ends the session; the client logs in again with `userNo`. */
export const enterpriseSwitch = defineOperation({
  ...base,
  id: 'USER_ENTERPRISE_SWITCH',
  name: '切换企业（结束当前会话，需重新认证）',
  method: 'POST',
  path: '/{prefix}/user/enterprise/switch',
  request: z.object({ userNo: z.string().min(1, '请选择要切换的企业').max(32) }),
  response: seatSchema,
});

export const reminderCountsSchema = z.object(
  Object.fromEntries(REMINDER_FIELDS.map((f) => [f, z.number().int().min(0)])) as Record<(typeof REMINDER_FIELDS)[number], z.ZodNumber>,
);

/** Spec §7 `query/message/reminder`: the home counts for the session's enterprise. */
export const messageReminder = defineOperation({
  ...base,
  id: 'MESSAGE_REMINDER',
  name: '首页提醒统计',
  method: 'POST',
  path: '/{prefix}/query/message/reminder',
  response: reminderCountsSchema,
});
