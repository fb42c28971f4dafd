import { z } from 'zod';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * The audit log viewer (issue 16, 系统管理 › 操作日志). Bank staff see every entry; an enterprise
 * administrator sees its own enterprise's (the scope comes from the session, never the request).
 */
const base = { category: '系统管理', serviceId: 'zctg-customer', audience: ['customer', 'staff'], authority: ['AUDIT_VIEW'] } as const;

/** What each recorded event is, in words a clerk reads. An event not listed shows its code. */
export const AUDIT_EVENTS: Readonly<Record<string, string>> = {
  login: '登录',
  logout: '退出登录',
  'password.change': '修改密码',
  'password.force_change': '强制修改密码',
  'user.lockout': '用户锁定',
  'user.unlock': '用户解锁',
  'user.add': '新增用户',
  'user.edit': '修改用户',
  'user.delete': '删除用户',
  'user.reset_password': '重置密码',
  'user.assign': '分配用户',
  'profile.update': '修改个人信息',
  'enterprise.switch': '切换用户',
  'enterprise.add': '新增企业',
  'enterprise.edit': '修改企业',
  'enterprise.disable': '停用企业',
  'access.denied': '越权访问',
  'account.add': '新增账户',
  'account.edit': '修改账户',
  'account.used': '启停账户',
  'account.auth': '账户授权',
  'account.batch_add': '批量新增账户',
  'account.download': '下载账户列表',
  'account.third_download': '下载第三方监督账户',
  'instruction.add': '新增指令',
  'instruction.edit': '修改指令',
  'instruction.submit': '提交指令',
  'instruction.review': '指令复核',
  'instruction.confirm': '第三方确认',
  'instruction.confirm_review': '第三方确认复核',
  'instruction.check': '托管行审核',
  'instruction.execute': '托管行执行',
  'instruction.download': '下载指令',
  'instruction.attachment_upload': '上传指令附件',
  'instruction.attachment_remove': '删除指令附件',
  'warning.import': '预警数据导入',
  'warning.handle': '预警处理',
  'warning.download': '下载预警信息',
  'notice.publish': '发布风险提示',
  'notice.withdraw': '撤回风险提示',
  'gateway.api_add': '新增API',
  'gateway.api_update': '修改API',
  'gateway.api_remove': '删除API',
  'audit.download': '下载操作日志',
};

export const auditEventLabel = (event: string) => AUDIT_EVENTS[event] ?? event;

/** The reasons the auth module records as codes, in words; other reasons are already sentences. */
const AUDIT_REASONS: Readonly<Record<string, string>> = {
  unknown_user: '用户不存在',
  locked: '用户已锁定',
  wrong_password: '密码错误',
  captcha_wrong: '验证码错误',
  captcha_expired: '验证码已失效',
  must_change_password: '须修改密码',
  change_ticket_invalid: '修改凭证无效',
  not_initial: '非初始密码',
  enterprise_disabled: '企业已停用',
  no_active_user_number: '无可用用户号',
  old_password_wrong: '原密码错误',
  password_envelope_invalid: '密码密文无效',
  plaintext_password_field: '密码未加密',
};

export const auditReasonLabel = (reason: string) => AUDIT_REASONS[reason] ?? reason;

const DATE_MESSAGE = '日期格式应为YYYY-MM-DD';
const dateFilter = plainText(DATE_MESSAGE)
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), DATE_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The filters of the list and of its download: who, what, when (dates inclusive, China time) and result. */
export const auditFilterFields = {
  username: filterText('登录名', 64),
  event: plainText('操作类型不能包含控制字符')
    .trim()
    .refine((v) => v === '' || /^[a-z_.]{1,64}$/.test(v), '操作类型不正确')
    .optional()
    .transform((v) => (v ? v : undefined)),
  outcome: z.enum(['success', 'failure'], { error: '结果只能是成功或失败' }).optional(),
  dateFrom: dateFilter,
  dateTo: dateFilter,
};
export const auditFilterSchema = z.object(auditFilterFields);
export const auditQuerySchema = z.object({ ...pageQuery, ...auditFilterFields });
export type AuditFilters = z.infer<typeof auditFilterSchema>;

export const auditRecordSchema = z.object({
  auditId: z.number(),
  occurredAt: z.string(),
  event: z.string(),
  outcome: z.enum(['success', 'failure']),
  username: z.string().nullable(),
  userNo: z.string().nullable(),
  enterpriseNo: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  clientIp: z.string(),
  /** The signing device (its key's first 18 hex characters) where the operation was signed or the login named one. */
  device: z.string().nullable(),
  reason: z.string().nullable(),
  /** The VerifySign code of a signed operation, or a certificate serial. */
  signature: z.string().nullable(),
  /** The remaining detail (before/after of a write, ids, counts) as JSON text. */
  detail: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditQuery = defineOperation({
  ...base,
  id: 'AUDIT_LOG_QUERY',
  name: '操作日志（分页）',
  method: 'POST',
  path: '/{prefix}/auditLog/query',
  encrypt: true,
  request: auditQuerySchema,
  response: pageOf(auditRecordSchema),
});

/** At most this many entries go into one xlsx: a longer period is narrowed first. */
export const AUDIT_DOWNLOAD_MAX_ROWS = 50_000;

export const auditDownload = defineOperation({
  ...base,
  id: 'AUDIT_LOG_DOWNLOAD',
  name: '下载操作日志（xlsx）',
  method: 'POST',
  path: '/{prefix}/auditLog/download',
  kind: 'download',
  maxBytes: 20 * 1_048_576,
  encrypt: true,
  request: auditFilterSchema,
});
