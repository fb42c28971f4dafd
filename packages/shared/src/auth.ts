import { z } from 'zod';
import { COMMON_PASSWORDS } from './rules/common-passwords';
import { plainText } from './rules/schema-primitives';

/** Spec §5 / §9 login and password rules with their exact messages, for the forms and the server. */
export const CAPTCHA_LENGTH = 5;
export const LOGIN_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 12;
/** Spec §5 "Secure password control": 6 to 32, the login field 4 to 32. */
export const CONTROL_PASSWORD_MIN = 6;
export const CONTROL_LOGIN_PASSWORD_MIN = 4;
export const CONTROL_PASSWORD_MAX = 32;
/** Beyond the spec: a new password may not repeat the current one or any of the last 12 (none can cycle back soon). */
export const PASSWORD_HISTORY_DEPTH = 12;

export const LOGIN_MESSAGES = {
  usernameRequired: '用户名不为可空！',
  usernameOnSubmit: '请输入用户名！',
  passwordRequired: '密码不可以为空！',
  passwordMin: '请输入至少6位的密码！',
  captchaRequired: '验证码不可为空！',
  captchaLength: '请输入5位图形验证码！',
  captchaOnSubmit: '请输入图形验证码！',
  captchaFetchFailed: '获取图形验证码失败！',
} as const;

export const PASSWORD_MESSAGES = {
  required: '请输入密码',
  length: '长度8到12个字符',
  complexity: '密码复杂度不符合要求，必须包含数字和字母',
  confirmRequired: '密码不可以为空！',
  mismatch: '两次输入密码不一致!',
  invalidForm: '验证不通过！',
  oldRequired: '请输入原密码！',
  newRequired: '请输入新密码！',
  confirmNewRequired: '请输入确认密码！',
  changed: '修改密码成功!',
  changedAfterForce: '修改密码成功，请用新密码登陆！',
  changeFailed: '修改密码失败！',
  containsUsername: '密码不能包含用户名',
  common: '该密码过于常见，请换一个',
} as const;

export const CONTROL_MESSAGES = {
  empty: '请输入密码!',
  emptyWithPlaceholder: (placeholder: string) => `please enter ${placeholder}!`,
  printable: '密码只能包含可打印的ASCII字符',
  mixed: '密码必须同时包含字母和数字',
  length: (min: number, max: number) => `密码长度应为${min}到${max}位`,
} as const;

/**
 * The first broken new-password rule's message, or null. Spec §5's rules (8 to 12, a letter and
 * a digit) are the minimum; beyond them any printable ASCII character is allowed (symbols make a
 * password stronger), and the user's own name and the most common passwords are refused. The
 * username is known to the server always, to a form only where it asks for it.
 */
export function newPasswordProblem(password: string, username?: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length < NEW_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX) return PASSWORD_MESSAGES.length;
  if (!/^[\x20-\x7e]+$/.test(password)) return CONTROL_MESSAGES.printable;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return PASSWORD_MESSAGES.complexity;
  const lower = password.toLowerCase();
  // Names of one or two characters would refuse too much by accident.
  if (username && username.trim().length >= 3 && lower.includes(username.trim().toLowerCase())) return PASSWORD_MESSAGES.containsUsername;
  if (COMMON_PASSWORDS.has(lower)) return PASSWORD_MESSAGES.common;
  return null;
}

/** docs/wire.md: server and client randoms are 32 lowercase hex characters. */
export const randomHexSchema = z.string().regex(/^[0-9a-f]{32}$/, '随机数格式不正确');

/** The plaintext the password control encrypts into `zctgPassword` (docs/wire.md). */
export const passwordEnvelopeSchema = z.object({
  password: z.string().max(CONTROL_PASSWORD_MAX),
  random: randomHexSchema,
  randomClient: randomHexSchema,
});

export const encryptedValue = z.string().min(1, LOGIN_MESSAGES.passwordRequired).max(4096);

/** Spec §3 login request, signed edition (`POST admin/login/token`). */
/** A username as typed at login: no control characters (a NUL would reach the database). */
export const usernameSchema = plainText('用户名不能包含控制字符').trim().min(1, LOGIN_MESSAGES.usernameOnSubmit).max(64);

export const loginRequestSchema = z.object({
  username: usernameSchema,
  /** The control's encrypted value again (never a plaintext password), or absent. */
  password: z.string().max(4096).optional(),
  captcha: z.string().min(1, LOGIN_MESSAGES.captchaOnSubmit).length(CAPTCHA_LENGTH, LOGIN_MESSAGES.captchaLength),
  lastRev: z.string().min(1).max(4096),
  loginFlag: z.union([z.string(), z.number()]).optional(),
  /** After an enterprise switch: the user number (seat) to log into; absent means the first one. */
  userNo: z.string().regex(/^[A-Z0-9]{1,32}$/, '所选企业用户号无效').optional(),
  /** `mobile`: a phone's login, kept beside the seat's desktop session (one session per seat and channel). */
  channel: z.enum(['web', 'mobile'], { error: '登录渠道须为web或mobile' }).optional(),
  extension: z.object({
    loginType: z.literal('0'),
    zctgPassword: encryptedValue,
    random: randomHexSchema,
    randomClient: randomHexSchema,
    /** The browser's device public key, SM2 '04'+X+Y hex. */
    key: z.string().regex(/^04[0-9a-f]{128}$/, '设备公钥格式不正确'),
    /** base64 DER SM2 signature of `username|random|randomClient|loginType`. */
    signMsg: z.string().min(1).max(512),
    channelCode: z.literal('WY'),
  }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** docs/wire.md: the string the device key signs at login. */
export const loginSigningString = (username: string, random: string, randomClient: string, loginType: string) =>
  `${username}|${random}|${randomClient}|${loginType}`;

/** The single-use ticket a 040007 login answer carries (`data.changeTicket`): 32 random bytes, base64url. */
export const CHANGE_TICKET_MESSAGE = '修改密码凭证无效或已过期，请重新登录';
export const changeTicketSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, CHANGE_TICKET_MESSAGE);

/** The `data` of a 040007 login answer. */
export interface MustChangePasswordData {
  changeTicket: string;
}

/**
 * Spec §3 forced password update; each password is a control value over the same server random.
 * Beyond the spec: it needs the change ticket of the 040007 login answer for the same username.
 */
export const forcePasswordUpdateSchema = z.object({
  username: usernameSchema,
  changeTicket: changeTicketSchema,
  oldPassword: encryptedValue,
  newPassword: encryptedValue,
  confirmPassword: encryptedValue,
  base64ServerRandom: randomHexSchema,
  oldClientRandom: randomHexSchema,
  newClientRandom: randomHexSchema,
  confirmClientRandom: randomHexSchema,
});
export type ForcePasswordUpdate = z.infer<typeof forcePasswordUpdateSchema>;

/** Spec §7 first-time change: old and new password only (the new one is typed once). */
export const initialPasswordSchema = forcePasswordUpdateSchema.omit({ confirmPassword: true, confirmClientRandom: true });
export type InitialPassword = z.infer<typeof initialPasswordSchema>;

/** Spec §3 password change in the dialog (`{prefix}/userPassword/update`), by the logged-in user. */
export const passwordChangeSchema = forcePasswordUpdateSchema
  .omit({ confirmPassword: true, changeTicket: true })
  .extend({ newPasswordConfirm: encryptedValue });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
