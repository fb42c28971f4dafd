import { z } from 'zod';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * The audit log viewer (issue 16, 系统管理 › 操作日志). Bank staff see every entry; an enterprise
 * administrator sees its own enterprise's (the scope comes from the session, never the request).
 */
const base = { category: '系统管理', serviceId: 'zctg-customer', audience: ['customer', 'staff'], authority: ['AUDIT_VIEW'] } as const;

/**
 * Every action the server records, in words a clerk reads: the one table the server's writers
 * (typed by it), the viewer, its type filter and the export share. In menu order.
 */
export const AUDIT_EVENTS = {
  login: '登录',
  logout: '退出登录',
  'scan.confirm': '扫码确认登录',
  'password.change': '修改密码',
  'password.force_change': '首次登录修改密码',
  'profile.update': '修改个人信息',
  'enterprise.switch': '切换企业',
  'access.denied': '越权访问',
  'user.lockout': '用户锁定',
  'user.unlock': '用户解锁',
  'user.add': '新增用户',
  'user.update': '修改用户',
  'user.delete': '删除用户',
  'user.seat_add': '新增用户号',
  'user.password_reset': '重置密码',
  'user.password_set': '设置密码',
  'role.members': '分配角色成员',
  'enterprise.add': '新增企业',
  'enterprise.update': '修改企业',
  'enterprise.disable': '停用企业',
  'enterprise.enable': '启用企业',
  'enterprise.delete': '删除企业',
  'account.add': '新增账户',
  'account.batch_add': '批量新增账户',
  'account.update': '修改账户',
  'account.rename': '修改账户别名',
  'account.start': '启用账户',
  'account.forbid': '禁用账户',
  'account.rights': '设置账户操作权限',
  'account.download': '下载账户列表',
  'account.third_download': '下载第三方监督账户',
  'instruction.add': '新增指令',
  'instruction.update': '修改指令',
  'instruction.submit': '提交指令',
  'instruction.revoke': '撤销指令',
  'instruction.review': '指令复核',
  'instruction.confirm': '第三方确认',
  'instruction.confirm_review': '第三方确认复核',
  'instruction.check': '托管行审核',
  'instruction.execute': '托管行执行',
  'instruction.attachment_upload': '上传指令附件',
  'instruction.attachment_remove': '删除指令附件',
  'instruction.download': '下载指令',
  'instruction.evidence': '下载指令证据包',
  'instruction.import': '批量导入指令',
  'instruction.import_report': '下载导入状态报告',
  'payee.add': '新增收款人',
  'payee.update': '修改收款人',
  'payee.delete': '申请删除收款人',
  'payee.review': '收款人复核',
  'template.add': '新增指令模板',
  'template.update': '修改指令模板',
  'template.delete': '申请删除指令模板',
  'template.withdraw': '撤回指令模板变更',
  'template.review': '指令模板复核',
  'warning.import': '预警数据导入',
  'cash.import': '资金数据导入',
  'cash.download': '下载资金对账单',
  'cash.reconcile': '电子对账',
  'cash.reconcile_reply': '对账不符答复',
  'cash.reconcile_calendar': '对账周期设置',
  'audit_confirmation.issue': '出具询证函',
  'audit_confirmation.revoke': '撤销询证函',
  'audit_confirmation.download': '下载询证函',
  'audit_confirmation.open': '审计师打开询证函',
  'warning.handle': '预警处理',
  'warning.download': '下载预警信息',
  'valuation.import': '估值数据导入',
  'valuation.download': '下载估值表',
  'risk_notice.add': '新增风险提示',
  'risk_notice.update': '修改风险提示',
  'risk_notice.publish': '发布风险提示',
  'risk_notice.withdraw': '撤回风险提示',
  'calendar.day.save': '设置工作日历日期',
  'calendar.day.clear': '恢复工作日历日期',
  'calendar.import': '导入工作日历',
  'cutoff.save': '设置指令截止时间',
  'approval_rule.save': '保存审批规则',
  'report.run': '生成报表',
  'report.subscribe': '订阅报表',
  'report.unsubscribe': '取消报表订阅',
  'message.preferences': '修改消息提醒设置',
  'gateway.api.add': '新增API',
  'gateway.api.update': '修改API',
  'gateway.api.remove': '删除API',
  'gateway.api.batch_update': '批量修改API',
  'gateway.api.batch_remove': '批量删除API',
  'partner.client_add': '新增合作方',
  'partner.client_update': '修改合作方',
  'partner.client_rotate': '更换合作方密钥',
  'partner.client_revoke': '停用合作方',
  'partner.token': '合作方获取令牌',
  'partner.call': '合作方调用',
  'cert.activation_code': '生成证书激活码',
  'cert.enroll': '申请证书',
  'cert.freeze': '冻结证书',
  'cert.unfreeze': '解冻证书',
  'cert.revoke': '吊销证书',
  'cert.password_restore': '恢复密码登录',
  'cert.renew': '更新证书',
  'audit.download': '下载操作日志',
  'admin_change.submit': '提交待审批变更',
  'admin_change.approve': '审批通过变更',
  'admin_change.reject': '拒绝变更',
  'admin_change.withdraw': '撤回变更',
  'dual_control.waive': '双人审批豁免',
} as const satisfies Record<string, string>;

/** An action the audit log records; the server's writers take only these. */
export type AuditEventCode = keyof typeof AUDIT_EVENTS;

export const isAuditEventCode = (event: string): event is AuditEventCode => Object.hasOwn(AUDIT_EVENTS, event);

/** An entry written before its action had a name shows its code. */
export const auditEventLabel = (event: string) => (isAuditEventCode(event) ? AUDIT_EVENTS[event] : event);

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
    .refine((v) => v === '' || isAuditEventCode(v), '操作类型不正确')
    .optional()
    .transform((v) => (v ? v : undefined)),
  outcome: z.enum(['success', 'failure'], { error: '结果只能是成功或失败' }).optional(),
  dateFrom: dateFilter,
  dateTo: dateFilter,
};
export const auditFilterSchema = z.object(auditFilterFields);
export const auditQuerySchema = z.object({ ...pageQuery, ...auditFilterFields });
export type AuditFilters = z.infer<typeof auditFilterSchema>;

/** One labelled field of an entry's detail: its value, and for a change the value before. */
export const auditDetailItemSchema = z.object({
  label: z.string(),
  value: z.string(),
  before: z.string().optional(),
});
export type AuditDetailItem = z.infer<typeof auditDetailItemSchema>;

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
  /** The device as its user knows it (browser and system of a session it logged in), when known. */
  deviceName: z.string().nullable(),
  reason: z.string().nullable(),
  /** The VerifySign code of a signed operation, or a certificate serial. */
  signature: z.string().nullable(),
  /** The remaining detail (before/after of a write, ids, counts) as labelled fields. */
  details: z.array(auditDetailItemSchema),
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
