import { z } from 'zod';
import { CAPTCHA_LENGTH, LOGIN_MESSAGES, encryptedValue, randomHexSchema, usernameSchema } from '../auth';
import { RETURN_CODES } from '../return-codes';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * Certificate edition (issue 14, docs/certificates.md): the bank's SM2 CA issues one signing
 * certificate per login. Staff hand out single-use activation codes and freeze, unfreeze, revoke
 * and renew certificates; the browser enrols with a code and logs in with the certificate.
 */
const staff = { category: '证书管理', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;
const publicCall = { category: '认证与基础', serviceId: 'zctg-auth', audience: ['public'], method: 'POST', encrypt: true, rateLimit: 'login' } as const;

/** Spec §8: what any certificate refusal says (expired, frozen, revoked, unknown, none in this browser). */
export const CERT_STATUS_MESSAGE = RETURN_CODES.CERT_STATUS.message;
/** Spec §8, naming the browsers whose Web Crypto and IndexedDB we rely on. */
export const CERT_BROWSER_MESSAGE = '不支持该浏览器，请使用Chrome、Edge、Firefox或Safari的最新版本打开';

export const CERT_STATUSES = ['active', 'frozen', 'revoked'] as const;
export type CertificateStatus = (typeof CERT_STATUSES)[number];
export const CERT_STATUS_LABELS: Record<CertificateStatus, string> = { active: '正常', frozen: '冻结', revoked: '已吊销' };

/** 16 random bytes in hex. */
export const certSerialSchema = z.string().regex(/^[0-9a-f]{32}$/, '证书序列号格式不正确');
/** 12 characters from the captcha's unambiguous alphabet, shown to staff as three groups of four. */
export const activationCodeSchema = z
  .string({ error: '请输入激活码' })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{12}$/, '激活码格式不正确'));
/** A DER structure in standard base64. */
const derBase64 = (message: string) => z.string({ error: message }).min(16, message).max(8192, message).regex(/^[A-Za-z0-9+/]+={0,2}$/, message);

export const certificateSchema = z.object({
  serial: z.string(),
  subject: z.string(),
  username: z.string(),
  nickName: z.string(),
  publicKey: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  status: z.enum(CERT_STATUSES),
  expired: z.boolean(),
  renewedFrom: z.string().nullable(),
  /** The certificate that renewed this one, if any. */
  renewedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** When staff restored password login after this certificate was revoked. */
  passwordRestoredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CertificateRecord = z.infer<typeof certificateSchema>;

/** `custodian/cert/query`: every certificate, newest first. */
export const certQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_QUERY',
  name: '证书列表（分页）',
  path: '/{prefix}/custodian/cert/query',
  authority: ['CERT_MANAGE'],
  request: z.object({
    ...pageQuery,
    username: filterText('用户名'),
    serial: filterText('证书序列号', 32),
    status: z.enum(CERT_STATUSES, { error: '请选择正确的证书状态' }).optional(),
  }),
  response: pageOf(certificateSchema),
});

/** `custodian/cert/activationCode`: a single-use code (CERT_ACTIVATION_MINUTES) for one login's enrolment. */
export const certActivationCode = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_ACTIVATION_CODE',
  pinned: ['encrypted'],
  name: '生成证书激活码',
  path: '/{prefix}/custodian/cert/activationCode',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: z.object({ username: usernameSchema }),
  response: z.object({ username: z.string(), code: z.string(), expiresAt: z.string() }),
});

const bySerial = z.object({ serial: certSerialSchema });

export const certFreeze = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_FREEZE',
  name: '冻结证书',
  path: '/{prefix}/custodian/cert/freeze',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: bySerial,
  response: certificateSchema,
});

export const certUnfreeze = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_UNFREEZE',
  name: '解冻证书',
  path: '/{prefix}/custodian/cert/unfreeze',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: bySerial,
  response: certificateSchema,
});

export const certRevoke = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_REVOKE',
  name: '吊销证书',
  path: '/{prefix}/custodian/cert/revoke',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: bySerial.extend({
    reason: plainText('吊销原因不能包含控制字符').trim().min(1, '请输入吊销原因').max(200, '吊销原因不能超过200个字符'),
  }),
  response: certificateSchema,
});

/**
 * `custodian/cert/restorePassword`: a login that has held a certificate is certificate-only, its
 * password refused on the signed edition (a frozen or revoked certificate must not fall back to
 * it); once every certificate of the login is revoked, staff may let it log in with the password
 * again. A new certificate makes it certificate-only again.
 */
export const certRestorePassword = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_RESTORE_PASSWORD',
  name: '恢复密码登录',
  path: '/{prefix}/custodian/cert/restorePassword',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: bySerial,
  response: certificateSchema,
});

/** `custodian/cert/renew`: a new certificate for the same key and login, valid from now; the old one is revoked. */
export const certRenew = defineOperation({
  ...staff,
  id: 'CUSTODIAN_CERT_RENEW',
  name: '更新证书',
  path: '/{prefix}/custodian/cert/renew',
  authority: ['CERT_MANAGE'],
  antiReplay: true,
  request: bySerial,
  response: certificateSchema,
});

const passwordControl = {
  captcha: z.string().min(1, LOGIN_MESSAGES.captchaOnSubmit).length(CAPTCHA_LENGTH, LOGIN_MESSAGES.captchaLength),
  lastRev: z.string().min(1).max(4096),
  zctgPassword: encryptedValue,
  random: randomHexSchema,
  randomClient: randomHexSchema,
};

/**
 * `user/cert/enroll`: activation code + password + captcha, and a PKCS#10 request signed by the
 * browser's new key. Answers the certificate (PEM) and the root it chains to.
 */
export const certEnroll = defineOperation({
  ...publicCall,
  id: 'USER_CERT_ENROLL',
  pinned: ['encrypted'],
  name: '证书下载（激活码）',
  path: '/{prefix}/user/cert/enroll',
  request: z.object({
    activationCode: activationCodeSchema,
    /** Base64 DER of the PKCS#10 request. */
    csr: derBase64('证书请求格式不正确'),
    ...passwordControl,
  }),
  response: z.object({ username: z.string(), serial: z.string(), certificate: z.string(), rootCertificate: z.string(), notAfter: z.string() }),
});

/** Base64 DER of the certificate the browser holds. */
const certificateField = derBase64(CERT_STATUS_MESSAGE);

/** What the certificate's key signs for `user/queryByKey`: a server random (`{prefix}/Random`), spent by the call. */
export const queryByKeySigningString = (random: string) => `queryByKey|${random}`;

/**
 * `user/queryByKey`: the login bound to the certificate in this browser and its current
 * certificate (a renewal replaces the stored one), nothing more. Anyone may hold a copy of a
 * certificate, so the answer needs proof of its key (pen test): `signMsg` signs
 * `queryByKeySigningString(random)`. A spent random → RANDOM_INVALID; a signature the key did
 * not make, and an unknown or unusable certificate → CERT_STATUS_MESSAGE alike.
 */
export const certQueryByKey = defineOperation({
  ...publicCall,
  id: 'USER_QUERY_BY_KEY',
  name: '根据证书查询用户号',
  path: '/{prefix}/user/queryByKey',
  request: z.object({
    certificate: certificateField,
    random: randomHexSchema,
    /** base64 DER SM2 signature of `queryByKey|random` by the certificate's key. */
    signMsg: z.string({ error: CERT_STATUS_MESSAGE }).min(1, CERT_STATUS_MESSAGE).max(512, CERT_STATUS_MESSAGE),
  }),
  response: z.object({ username: z.string(), serial: z.string(), certificate: z.string() }),
});

/** Spec §3 certificate edition: `extension` as in the signed edition, with the certificate in place of the device key. */
export const certLoginRequestSchema = z.object({
  username: usernameSchema,
  captcha: passwordControl.captcha,
  lastRev: passwordControl.lastRev,
  userNo: z.string().regex(/^[A-Z0-9]{1,32}$/, '所选企业用户号无效').optional(),
  extension: z.object({
    loginType: z.literal('1'),
    zctgPassword: encryptedValue,
    random: randomHexSchema,
    randomClient: randomHexSchema,
    certificate: certificateField,
    /** base64 DER SM2 signature of `username|random|randomClient|1` by the certificate's key. */
    signMsg: z.string().min(1).max(512),
    channelCode: z.literal('WY'),
  }),
});
export type CertLoginRequest = z.infer<typeof certLoginRequestSchema>;

const certLoginCall = {
  ...publicCall,
  pinned: ['enabled', 'encrypted'],
  request: certLoginRequestSchema,
  response: z.object({ access_token: z.string() }),
} as const;

export const certLogin = defineOperation({ ...certLoginCall, id: 'USER_HANDLE_LOGIN', name: '用户登录（证书版）', path: '/{prefix}/user/handleLogin' });

/**
 * The same login at spec §7's own path, unprefixed like `admin/login/token`: a catalogue row of
 * its own, so staff see and switch each path, and the server answers both with one handler.
 */
export const certLoginUnprefixed = defineOperation({ ...certLoginCall, id: 'USER_HANDLE_LOGIN_ROOT', name: '用户登录（证书版，规范路径）', path: '/user/handleLogin' });
