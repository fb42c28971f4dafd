/**
 * Authority names (spec §6: a user's `authorities[].authority`, held as the access list).
 * Route authorities guard screens and calls; `ACTION_` authorities guard buttons.
 * The server's route declarations and the seed use these names, so a rename is one edit.
 */
export const AUTHORITIES = {
  ACCOUNT_VIEW: '账户查询',
  ACCOUNT_MANAGE: '账户维护',
  ACCOUNT_AUTH: '账户授权管理',
  INSTRUCTION_ENTRY: '指令录入',
  INSTRUCTION_REVIEW: '指令复核',
  INSTRUCTION_QUERY: '指令查询',
  INSTRUCTION_CONFIRM: '指令确认',
  INSTRUCTION_CONFIRM_REVIEW: '指令确认复核',
  CUSTODIAN_CHECK: '托管行指令审核',
  CUSTODIAN_EXECUTE: '托管行指令执行',
  THIRD_PARTY_CONFIRM: '第三方指令确认',
  THIRD_PARTY_CONFIRM_REVIEW: '第三方指令确认复核',
  WARNING_VIEW: '预警信息查询',
  WARNING_HANDLE: '预警信息处理',
  WARNING_IMPORT: '预警数据导入',
  RISK_VIEW: '风险提示查询',
  RISK_PUBLISH: '风险提示发布',
  GATEWAY_ADMIN: 'API网关管理',
  USER_UNLOCK: '用户解锁',
  USER_MANAGE: '用户管理',
  ENTERPRISE_MANAGE: '企业管理',
  COMPONENT_GALLERY: '组件示例',
  OPERATOR_MANAGE: '操作员管理',
  CERT_MANAGE: '证书管理',
  AUDIT_VIEW: '操作日志查询',
  CALENDAR_MANAGE: '工作日历维护',
  PAYEE_VIEW: '收款人名册查询',
  PAYEE_REVIEW: '收款人复核',
  TEMPLATE_VIEW: '指令模板查询',
  TEMPLATE_REVIEW: '指令模板复核',
  CUTOFF_MANAGE: '截止时间维护',
  VALUATION_VIEW: '估值表查询',
  VALUATION_IMPORT: '估值数据导入',
  CASH_VIEW: '资金对账单查询',
  CASH_IMPORT: '资金数据导入',
  CASH_RECONCILE: '电子对账',
  CASH_RECONCILE_MANAGE: '对账管理',
  AUDIT_CONFIRM_ISSUE: '出具询证函',
  APPROVAL_RULE_VIEW: '审批规则查询',
  APPROVAL_RULE_MANAGE: '审批规则维护',
  ADMIN_CHANGE_REVIEW: '待审批变更',
  ACTION_instructionAdd: '新增指令',
  ACTION_instructionEdit: '修改指令',
  ACTION_instructionSubmit: '提交指令',
  ACTION_instructionApprove: '复核通过',
  ACTION_instructionReject: '复核退回',
  ACTION_thirdPartyConfirm: '第三方确认',
  ACTION_thirdPartyConfirmReview: '第三方确认复核',
  ACTION_accountAdd: '新增账户',
  ACTION_accountEdit: '修改账户',
  ACTION_accountUsed: '启停账户',
  ACTION_accountAuth: '账户授权',
  ACTION_apiAdd: '新增API',
  ACTION_apiEdit: '修改API',
  ACTION_apiRemove: '删除API',
  ACTION_apiBatch: 'API批量操作',
  ACTION_userAssign: '分配用户',
  ACTION_userUnlock: '解锁用户',
  ACTION_userAdd: '新增用户',
  ACTION_userEdit: '修改用户',
  ACTION_userDelete: '删除用户',
  ACTION_userResetPassword: '重置密码',
  ACTION_enterpriseAdd: '新增企业',
  ACTION_enterpriseEdit: '修改企业',
  ACTION_enterpriseDisable: '停用企业',
  ACTION_payeeEdit: '维护收款人',
  ACTION_templateEdit: '维护指令模板',
} as const;

export type Authority = keyof typeof AUTHORITIES;

export const ACTION_PREFIX = 'ACTION_';

/** Spec §6: a button is allowed if access holds 'ACTION_' + one of its comma-separated names. */
export function hasAction(access: readonly string[], names: string): boolean {
  return names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .some((n) => access.includes(ACTION_PREFIX + n));
}

/** Spec §6: a route with meta.access is allowed only if the user has one of the listed values. */
export function hasAnyAccess(access: readonly string[], required: readonly string[] | undefined): boolean {
  return !required || required.length === 0 || required.some((a) => access.includes(a));
}
