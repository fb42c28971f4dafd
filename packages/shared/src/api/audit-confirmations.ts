import { z } from 'zod';
import { int4Id, plainText } from '../rules/schema-primitives';
import { isYmd } from '../rules/warning-feed';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * 询证函 (issue 29, docs/features/audit-confirmation.md): an enterprise administrator issues a
 * named auditor a read-only, time-limited link to a document the bank signs (the chosen accounts'
 * balances at a date and their statement of the period); lists what was issued and revokes. The
 * auditor opens the link without a login.
 */
const base = { category: '询证函', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true, authority: ['AUDIT_CONFIRM_ISSUE'] } as const;

export const CONFIRMATION_MAX_ACCOUNTS = 20;
export const CONFIRMATION_MAX_DAYS = 30;
export const CONFIRMATION_MAX_PERIOD_DAYS = 366;

export const CONFIRMATION_STATUS = { active: '有效', expired: '已过期', revoked: '已撤销' } as const;
export type ConfirmationStatus = keyof typeof CONFIRMATION_STATUS;

const date = (label: string) => z.string({ error: `请选择${label}` }).trim().refine(isYmd, `${label}须为有效日期（yyyy-MM-dd）`);
const name = (label: string) => plainText(`${label}不能包含控制字符`).trim().min(1, `请输入${label}`).max(60, `${label}不能超过60个字符`);
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const confirmationIssueSchema = z
  .object({
    accountNos: z
      .array(z.string().trim().regex(/^\d{12,22}$/, '账号格式不正确'), { error: '请选择账户' })
      .min(1, '请选择账户')
      .max(CONFIRMATION_MAX_ACCOUNTS, `每份询证函最多${CONFIRMATION_MAX_ACCOUNTS}个账户`)
      .refine((list) => new Set(list).size === list.length, '账户不能重复'),
    periodStart: date('期间开始日期'),
    balanceDate: date('余额日期'),
    auditorName: name('审计师姓名'),
    auditorFirm: name('会计师事务所'),
    validDays: z.number({ error: '请选择有效期' }).int('有效期须为整数天').min(1, `有效期须为1到${CONFIRMATION_MAX_DAYS}天`).max(CONFIRMATION_MAX_DAYS, `有效期须为1到${CONFIRMATION_MAX_DAYS}天`),
  })
  .refine((v) => v.periodStart <= v.balanceDate, { message: '期间开始日期不能晚于余额日期', path: ['balanceDate'] })
  .refine((v) => daysBetween(v.periodStart, v.balanceDate) < CONFIRMATION_MAX_PERIOD_DAYS, { message: `期间不能超过${CONFIRMATION_MAX_PERIOD_DAYS}天`, path: ['balanceDate'] });

export const confirmationRecordSchema = z.object({
  id: z.number(),
  confirmationNo: z.string(),
  auditorName: z.string(),
  auditorFirm: z.string(),
  periodStart: z.string(),
  balanceDate: z.string(),
  accountNos: z.array(z.string()),
  issuedByUserNo: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  openCount: z.number(),
  lastOpenedAt: z.string().nullable(),
  /** SM3 of the signed zip, so the administrator can tell the auditor what to expect. */
  documentSm3: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ConfirmationRecord = z.infer<typeof confirmationRecordSchema>;

/** `auditConfirmation/accounts`: the enterprise's own accounts a confirmation may name. */
export const confirmationAccounts = defineOperation({
  ...base,
  id: 'AUDIT_CONFIRMATION_ACCOUNTS',
  name: '询证函可选账户',
  path: '/{prefix}/auditConfirmation/accounts',
  response: z.array(z.object({ accountNo: z.string(), accountName: z.string(), currency: z.string() })),
});

/** `auditConfirmation/query`: the confirmations the enterprise issued, newest first. */
export const confirmationQuery = defineOperation({
  ...base,
  id: 'AUDIT_CONFIRMATION_QUERY',
  name: '询证函列表',
  path: '/{prefix}/auditConfirmation/query',
  request: z.object(pageQuery),
  response: pageOf(confirmationRecordSchema),
});

/**
 * `auditConfirmation/issue`: makes and signs the document and answers the link's path with its
 * token, shown this once (the server keeps its SM3 only).
 */
export const confirmationIssue = defineOperation({
  ...base,
  id: 'AUDIT_CONFIRMATION_ISSUE',
  name: '出具询证函',
  path: '/{prefix}/auditConfirmation/issue',
  request: confirmationIssueSchema,
  response: z.object({ record: confirmationRecordSchema, linkPath: z.string() }),
});

/** `auditConfirmation/revoke`: the link stops working at once. */
export const confirmationRevoke = defineOperation({
  ...base,
  id: 'AUDIT_CONFIRMATION_REVOKE',
  name: '撤销询证函',
  path: '/{prefix}/auditConfirmation/revoke',
  request: z.object({ id: int4Id('询证函编号不正确') }),
  response: confirmationRecordSchema,
});

/** `auditConfirmation/download`: the signed document itself, for the administrator's records. */
export const confirmationDownload = defineOperation({
  ...base,
  id: 'AUDIT_CONFIRMATION_DOWNLOAD',
  name: '下载询证函',
  path: '/{prefix}/auditConfirmation/download',
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  request: z.object({ id: int4Id('询证函编号不正确') }),
});

/**
 * `auditConfirmation/open?token=…`: the auditor's link, without a login or the envelope (a
 * browser follows it as it is). Answers the signed zip, or a Chinese page saying why not.
 * Rate-limited per address, so tokens cannot be guessed at speed.
 */
export const confirmationOpen = defineOperation({
  id: 'AUDIT_CONFIRMATION_OPEN',
  name: '审计师打开询证函',
  category: '询证函',
  serviceId: 'zctg-customer',
  method: 'GET',
  path: '/auditConfirmation/open',
  audience: ['public'],
  envelope: 'exempt',
  kind: 'text',
  rateLimit: 'captcha',
  pinned: ['enabled', 'plaintext'],
  request: z.object({ token: z.string().max(200).default('') }),
});
