import { z } from 'zod';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';

const base = { category: '认证与基础', serviceId: 'zctg-auth' } as const;

export const SCAN_MESSAGES = {
  disabled: '扫码登录未开通',
  ticketInvalid: '二维码已失效，请在电脑上刷新二维码后重新扫描',
  codeInvalid: '扫码登录凭证无效或已过期，请重新扫码',
  wechat: '微信登录未开通',
  numberRequired: '请选择电脑上显示的数字',
  numberMismatch: '所选数字与电脑上显示的不一致，本次登录已拒绝，请在电脑上刷新二维码后重新扫描',
} as const;

/**
 * Number matching: the desktop shows a two-digit number beside its QR code, and the phone must
 * pick it among three (`scanInfo.choices`) to confirm. A phone shown a QR code someone else's
 * computer drew cannot tell which: a wrong pick denies that scan.
 */
export const scanNumberSchema = z.string({ error: SCAN_MESSAGES.numberRequired }).regex(/^[1-9][0-9]$/, SCAN_MESSAGES.numberRequired);

const secret = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{43}$/, message);
export const scanTicketSchema = secret(SCAN_MESSAGES.ticketInvalid);

/** Whether this deployment offers scan-code login (configuration `ABLE_SCAN`). */
export const scanConfig = defineOperation({
  ...base,
  id: 'SCAN_CONFIG',
  name: '扫码登录配置',
  method: 'GET',
  path: '/{prefix}/scan/config',
  audience: ['public'],
  pinned: ['enabled'],
  response: z.object({ ableScan: z.boolean() }),
});

/**
 * The login page's ticket: `ticket` goes into the QR code (anyone who sees the screen sees it),
 * `streamTicket` opens the page's own anonymous event stream, which alone hears the outcome.
 * The desktop's device key is remembered: the session a confirmation creates is bound to it.
 */
export const scanTicket = defineOperation({
  ...base,
  id: 'SCAN_TICKET',
  name: '获取扫码登录二维码票据',
  method: 'POST',
  path: '/{prefix}/scan/ticket',
  audience: ['public'],
  encrypt: true,
  pinned: ['encrypted'],
  rateLimit: 'login',
  request: z.object({ deviceKey: z.string().regex(/^04[0-9a-f]{128}$/, '设备公钥格式不正确') }),
  /** `expiresIn`: seconds the ticket lives (60 by default, `SCAN_TICKET_TTL_MS`); the page asks for a new one then. */
  response: z.object({ ticket: z.string(), streamTicket: z.string(), expiresIn: z.number(), matchNumber: z.string() }),
});

/** The phone shows who asks (the page puts it in words: `describeClient`) and the numbers to pick from before it answers. */
export const scanInfo = defineOperation({
  ...base,
  id: 'SCAN_INFO',
  name: '扫码登录请求信息',
  method: 'POST',
  path: '/{prefix}/scan/info',
  audience: ['customer', 'staff'],
  encrypt: true,
  request: z.object({ ticket: scanTicketSchema }),
  response: z.object({
    userAgent: z.string(),
    clientIp: z.string(),
    requestedAt: z.string(),
    expiresAt: z.string(),
    /** Three two-digit numbers, the desktop's among them, the same for every look at one ticket. */
    choices: z.array(z.string()),
  }),
});

export const scanConfirm = defineOperation({
  ...base,
  id: 'SCAN_CONFIRM',
  name: '手机确认扫码登录',
  method: 'POST',
  path: '/{prefix}/scan/confirm',
  audience: ['customer', 'staff'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(
    z.object({
      ticket: scanTicketSchema,
      /** SM3 of the ticket (lowercase hex), which the answer signs in its place; the server hashes the ticket itself. */
      ticketSm3: z.string({ error: '二维码摘要须为64位小写十六进制SM3' }).regex(/^[0-9a-f]{64}$/, '二维码摘要须为64位小写十六进制SM3'),
      result: z.enum(['confirm', 'deny'], { error: '确认结果须为confirm或deny' }),
      /** The number picked; a confirmation needs one, the server compares it with the desktop's. */
      matchNumber: scanNumberSchema.optional(),
    }).refine((v) => v.result === 'deny' || v.matchNumber !== undefined, { message: SCAN_MESSAGES.numberRequired, path: ['matchNumber'] }),
  ),
  signing: 'ScanConfirm',
});

/** Spec §7 "scan-code token exchange {code}": `/login?code=…` answers the session's token. */
export const scanToken = defineOperation({
  ...base,
  id: 'SCAN_TOKEN',
  name: '扫码登录换取令牌',
  method: 'POST',
  path: '/{prefix}/scan/token',
  audience: ['public'],
  encrypt: true,
  pinned: ['encrypted'],
  rateLimit: 'login',
  request: z.object({ code: secret(SCAN_MESSAGES.codeInvalid) }),
  response: z.object({ access_token: z.string() }),
});
