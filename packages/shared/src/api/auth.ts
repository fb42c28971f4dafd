import { z } from 'zod';
import { forcePasswordUpdateSchema, initialPasswordSchema, loginRequestSchema, passwordChangeSchema } from '../auth';
import { LOGIN_EDITIONS } from '../paths';
import { int4Id } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';
import { heldChangeSchema } from './held';

const base = { category: '认证与基础', serviceId: 'zctg-auth' } as const;
const customer = { category: '客户服务', serviceId: 'zctg-customer' } as const;

/** Spec §7: an SVG picture bound to the request's `rev`. */
export const captchaCreate = defineOperation({
  ...base,
  id: 'CAPTCHA_CREATE',
  pinned: ['enabled', 'plaintext'],
  name: '获取图形验证码（SVG，绑定请求头 rev）',
  method: 'POST',
  path: '/captcha/picture/createCode',
  audience: ['public'],
  kind: 'image',
  rateLimit: 'captcha',
});

/** docs/wire.md: a single-use server random for the password control. */
export const serverRandom = defineOperation({
  ...customer,
  id: 'RANDOM',
  pinned: ['enabled'],
  name: '获取服务端随机数',
  method: 'POST',
  path: '/{prefix}/Random',
  audience: ['public'],
  rateLimit: 'login',
  response: z.object({ random: z.string() }),
});

/**
 * Spec §6: the edition `/login` opens is chosen by the host the page was reached on (the bank
 * branch's address, configuration `LOGIN_EDITION_HOSTS`); null: that host keeps the default.
 */
export const loginEdition = defineOperation({
  ...base,
  id: 'LOGIN_EDITION',
  pinned: ['enabled'],
  name: '按访问域名确定登录版本',
  method: 'GET',
  path: '/{prefix}/login/edition',
  audience: ['public'],
  response: z.object({ edition: z.enum(LOGIN_EDITIONS).nullable() }),
});

/** Spec §3 login, signed edition. */
export const login = defineOperation({
  ...base,
  id: 'ADMIN_LOGIN',
  pinned: ['enabled', 'encrypted'],
  name: '用户登录（签约版）',
  method: 'POST',
  path: '/admin/login/token',
  audience: ['public'],
  encrypt: true,
  rateLimit: 'login',
  request: loginRequestSchema,
  response: z.object({ access_token: z.string() }),
});

export const logout = defineOperation({
  ...base,
  id: 'ADMIN_LOGOUT',
  name: '退出登录',
  method: 'POST',
  path: '/admin/logout/token',
  audience: ['customer', 'staff'],
  request: z.object({ token: z.string().max(256).optional() }).optional(),
});

/** After 040007: the forced change of an initial or expired password. */
export const forcePasswordUpdate = defineOperation({
  ...customer,
  id: 'USER_PASSWORD_FORCE_UPDATE',
  pinned: ['encrypted'],
  name: '强制修改密码（首次登录或密码过期）',
  method: 'POST',
  path: '/{prefix}/userPassword/force/update',
  audience: ['public'],
  encrypt: true,
  rateLimit: 'login',
  request: forcePasswordUpdateSchema,
});

/**
 * Spec §7 `user/initial/password`: the first-time change `{username, oldPassword, newPassword}`
 * after 040007, with no confirmation field. The same rules and proof as the forced change (change
 * ticket, old password under lockout, history); only a password still initial may change here.
 */
export const initialPassword = defineOperation({
  ...customer,
  id: 'USER_INITIAL_PASSWORD',
  pinned: ['encrypted'],
  name: '首次登录修改初始密码',
  method: 'POST',
  path: '/{prefix}/user/initial/password',
  audience: ['public'],
  encrypt: true,
  rateLimit: 'login',
  request: initialPasswordSchema,
});

export const passwordUpdate = defineOperation({
  ...customer,
  id: 'USER_PASSWORD_UPDATE',
  pinned: ['encrypted'],
  name: '修改密码',
  method: 'POST',
  path: '/{prefix}/userPassword/update',
  audience: ['customer', 'staff'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(passwordChangeSchema),
  signing: 'PasswordModify',
});

export const isExpiredOrFirstLogin = defineOperation({
  ...customer,
  id: 'USER_EXPIRED_OR_FIRST',
  name: '是否首次登录或密码已过期',
  method: 'POST',
  path: '/{prefix}/user/isExpiredOrFirstLogin',
  audience: ['customer', 'staff'],
  request: z.object({ username: z.string().max(64) }),
  response: z.boolean(),
});

export const lockedUserSchema = z.object({
  userId: z.number(),
  username: z.string(),
  nickName: z.string(),
  failedAttempts: z.number(),
  lockedAt: z.string(),
});
export type LockedUser = z.infer<typeof lockedUserSchema>;

/**
 * Spec §7 user unlock: bank staff list and unlock locked users; an enterprise administrator
 * those with a seat in its enterprise, and unlocks a person only if all their seats are there.
 */
export const lockedUsers = defineOperation({
  ...customer,
  id: 'USER_UNLOCK_QUERY',
  name: '查询锁定用户',
  method: 'POST',
  path: '/{prefix}/userUnlock/queryLockUser',
  audience: ['staff', 'customer'],
  authority: ['USER_UNLOCK', 'OPERATOR_MANAGE'],
  encrypt: true,
  response: z.array(lockedUserSchema),
});

export const unlockUser = defineOperation({
  ...customer,
  id: 'USER_UNLOCK_UPDATE',
  held: true,
  name: '解锁用户',
  method: 'POST',
  path: '/{prefix}/userUnlock/update',
  audience: ['staff', 'customer'],
  authority: ['ACTION_userUnlock'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(z.object({ userId: int4Id('用户编号须为1到2147483647之间的整数') })),
  signing: 'UserUnlock',
  // An enterprise administrator's unlock waits for a second administrator (待审批变更).
  response: heldChangeSchema.nullable(),
});
