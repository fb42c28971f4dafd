import type { ComponentType } from 'react';
import type { Authority } from '@portal/shared';

export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  title: string;
  /** Spec §2 meta.access: the user needs one of these, else /401. */
  access?: Authority[];
}

/**
 * Spec §2: a menu leaf whose scheme is '/' loads the local page named by its path. One registry
 * of page modules, each its own chunk; a path with no page here shows the 404 page.
 */
export const PAGES: Record<string, PageEntry> = {
  'system/accountManagement/index': {
    title: '账户管理',
    access: ['ACCOUNT_VIEW'],
    load: () => import('../../features/accounts/account-management-page').then((m) => ({ default: m.AccountManagementPage })),
  },
  'instructionManagement/instructionEntry/index': {
    title: '指令录入',
    access: ['INSTRUCTION_ENTRY'],
    load: () => import('../../features/instructions/entry/instruction-entry-page').then((m) => ({ default: m.InstructionEntryPage })),
  },
  'instructionManagement/instructionReview/index': {
    title: '指令复核',
    access: ['INSTRUCTION_REVIEW'],
    load: () => import('../../features/instructions/review/instruction-review-page').then((m) => ({ default: m.InstructionReviewPage })),
  },
  'instructionManagement/instructionQuery/index': {
    title: '指令查询',
    access: ['INSTRUCTION_QUERY'],
    load: () => import('../../features/instructions/query/instruction-query-page').then((m) => ({ default: m.InstructionQueryPage })),
  },
  'instructionManagement/payeeBook/index': {
    title: '收款人名册',
    access: ['PAYEE_VIEW'],
    load: () => import('../../features/payees/book/payee-book-page').then((m) => ({ default: m.PayeeBookPage })),
  },
  'instructionManagement/payeeReview/index': {
    title: '收款人复核',
    access: ['PAYEE_REVIEW'],
    load: () => import('../../features/payees/review/payee-review-page').then((m) => ({ default: m.PayeeReviewPage })),
  },
  'instructionManagement/bulkImport/index': {
    title: '批量导入',
    access: ['INSTRUCTION_ENTRY'],
    load: () => import('../../features/bulk-import/bulk-import-page').then((m) => ({ default: m.BulkImportPage })),
  },
  'instructionManagement/instructionTemplate/index': {
    title: '指令模板',
    access: ['TEMPLATE_VIEW'],
    load: () => import('../../features/templates/book/template-list-page').then((m) => ({ default: m.TemplateListPage })),
  },
  'instructionManagement/templateReview/index': {
    title: '模板复核',
    access: ['TEMPLATE_REVIEW'],
    load: () => import('../../features/templates/review/template-review-page').then((m) => ({ default: m.TemplateReviewPage })),
  },
  'thirdPartyInstructionManagement/instructionConfirmation/index': {
    title: '指令确认',
    access: ['INSTRUCTION_CONFIRM', 'INSTRUCTION_CONFIRM_REVIEW'],
    load: () => import('../../features/instructions/confirm/instruction-confirmation-page').then((m) => ({ default: m.InstructionConfirmationPage })),
  },
  'custodianInstruction/custodianCheck/index': {
    title: '托管行指令审核',
    access: ['CUSTODIAN_CHECK'],
    load: () => import('../../features/instructions/custodian/custodian-check-page').then((m) => ({ default: m.CustodianCheckPage })),
  },
  'custodianInstruction/custodianExecute/index': {
    title: '托管行指令执行',
    access: ['CUSTODIAN_EXECUTE'],
    load: () => import('../../features/instructions/custodian/custodian-execute-page').then((m) => ({ default: m.CustodianExecutePage })),
  },
  'system/pendingChanges/index': {
    title: '待审批变更',
    access: ['ADMIN_CHANGE_REVIEW'],
    load: () => import('../../features/admin-changes/pending-changes-page').then((m) => ({ default: m.PendingChangesPage })),
  },
  'system/messageCenter/index': {
    title: '消息中心',
    load: () => import('../../features/messages/message-center-page').then((m) => ({ default: m.MessageCenterPage })),
  },
  'addedServices/reportCenter/index': {
    title: '报表中心',
    load: () => import('../../features/reports/report-center-page').then((m) => ({ default: m.ReportCenterPage })),
  },
  'addedServices/riskManagement/index': {
    title: '风险提示',
    access: ['RISK_VIEW'],
    load: () => import('../../features/notices/reader/risk-notice-page').then((m) => ({ default: m.RiskNoticePage })),
  },
  'custodianNotice/riskNoticePublish/index': {
    title: '风险提示发布',
    access: ['RISK_PUBLISH'],
    load: () => import('../../features/notices/publish/notice-publish-page').then((m) => ({ default: m.NoticePublishPage })),
  },
  'custodianNotice/businessCalendar/index': {
    title: '工作日历',
    access: ['CALENDAR_MANAGE'],
    load: () => import('../../features/calendar/business-calendar-page').then((m) => ({ default: m.BusinessCalendarPage })),
  },
  'system/approvalRules/index': {
    title: '审批规则',
    access: ['APPROVAL_RULE_VIEW'],
    load: () => import('../../features/approval-rules/approval-rules-page').then((m) => ({ default: m.ApprovalRulesPage })),
  },
  'custodianNotice/instructionCutoffs/index': {
    title: '截止时间',
    access: ['CUTOFF_MANAGE'],
    load: () => import('../../features/cutoffs/instruction-cutoffs-page').then((m) => ({ default: m.InstructionCutoffsPage })),
  },
  'warningInfo/clearPositionWarn/index': {
    title: '清仓预警',
    access: ['WARNING_VIEW'],
    load: () => import('../../features/warnings/clear-position-page').then((m) => ({ default: m.ClearPositionPage })),
  },
  'warningInfo/reminderOfPreCleaning/index': {
    title: '预清算提醒',
    access: ['WARNING_VIEW'],
    load: () => import('../../features/warnings/pre-cleaning-page').then((m) => ({ default: m.PreCleaningPage })),
  },
  'warningInfo/NewSharePaymentReminder/index': {
    title: '新股缴款提醒',
    access: ['WARNING_VIEW'],
    load: () => import('../../features/warnings/new-share-payment-page').then((m) => ({ default: m.NewSharePaymentPage })),
  },
  'custodianInstruction/warningImport/index': {
    title: '预警数据导入',
    access: ['WARNING_IMPORT'],
    load: () => import('../../features/warnings/warning-import-page').then((m) => ({ default: m.WarningImportPage })),
  },
  'custodianInstruction/valuationImport/index': {
    title: '估值数据导入',
    access: ['VALUATION_IMPORT'],
    load: () => import('../../features/valuation/valuation-import-page').then((m) => ({ default: m.ValuationImportPage })),
  },
  'valuation/valuationStatement/index': {
    title: '估值表',
    access: ['VALUATION_VIEW'],
    load: () => import('../../features/valuation/valuation-statement-page').then((m) => ({ default: m.ValuationStatementPage })),
  },
  'valuation/feedFormats/index': {
    title: '数据格式',
    load: () => import('../../features/valuation/feed-formats-page').then((m) => ({ default: m.FeedFormatsPage })),
  },
  'custodianInstruction/cashImport/index': {
    title: '资金数据导入',
    access: ['CASH_IMPORT'],
    load: () => import('../../features/cash/cash-import-page').then((m) => ({ default: m.CashImportPage })),
  },
  'valuation/cashStatement/index': {
    title: '资金对账单',
    access: ['CASH_VIEW'],
    load: () => import('../../features/cash/cash-statement-page').then((m) => ({ default: m.CashStatementPage })),
  },
  'valuation/electronicReconcile/index': {
    title: '电子对账',
    access: ['CASH_VIEW'],
    load: () => import('../../features/cash/reconcile-page').then((m) => ({ default: m.ReconcilePage })),
  },
  'valuation/auditConfirmation/index': {
    title: '询证函',
    access: ['AUDIT_CONFIRM_ISSUE'],
    load: () => import('../../features/audit-confirmations/audit-confirmation-page').then((m) => ({ default: m.AuditConfirmationPage })),
  },
  'custodianInstruction/reconcileManagement/index': {
    title: '对账管理',
    access: ['CASH_RECONCILE_MANAGE'],
    load: () => import('../../features/cash/reconcile-manage-page').then((m) => ({ default: m.ReconcileManagePage })),
  },
  'system/personalCenter/index': {
    title: '个人中心',
    load: () => import('../../features/session/personal-center-page').then((m) => ({ default: m.PersonalCenterPage })),
  },
  // Spec §2's named route, no menu's: any logged-in user may open it.
  passwordModification: {
    title: '修改密码',
    load: () => import('../../features/auth/password/password-modification-page').then((m) => ({ default: m.PasswordModificationPage })),
  },
  'system/userUnlock/index': {
    title: '用户解锁',
    access: ['USER_UNLOCK'],
    load: () => import('../../features/auth/unlock/user-unlock-page').then((m) => ({ default: m.UserUnlockPage })),
  },
  'gateway/apiManagement/index': {
    title: 'API管理',
    access: ['GATEWAY_ADMIN'],
    load: () => import('../../features/gateway/api-management/api-management-page').then((m) => ({ default: m.ApiManagementPage })),
  },
  'gateway/partnerManagement/index': {
    title: '合作方管理',
    access: ['GATEWAY_ADMIN'],
    load: () => import('../../features/partners/partner-management-page').then((m) => ({ default: m.PartnerManagementPage })),
  },
  'gateway/userAssign/index': {
    title: '用户分配',
    access: ['GATEWAY_ADMIN'],
    load: () => import('../../features/users/assign/user-assign-page').then((m) => ({ default: m.UserAssignPage })),
  },
  'system/enterpriseManagement/index': {
    title: '企业管理',
    access: ['ENTERPRISE_MANAGE'],
    load: () => import('../../features/enterprises/enterprise-management-page').then((m) => ({ default: m.EnterpriseManagementPage })),
  },
  'system/userManagement/index': {
    title: '用户管理',
    access: ['USER_MANAGE'],
    load: () => import('../../features/users/staff/user-management-page').then((m) => ({ default: m.UserManagementPage })),
  },
  'system/operatorManagement/index': {
    title: '操作员管理',
    access: ['OPERATOR_MANAGE'],
    load: () => import('../../features/users/operators/operator-management-page').then((m) => ({ default: m.OperatorManagementPage })),
  },
  'system/certManagement/index': {
    title: '证书管理',
    access: ['CERT_MANAGE'],
    load: () => import('../../features/certificates/certificate-management-page').then((m) => ({ default: m.CertificateManagementPage })),
  },
  'system/auditLog/index': {
    title: '操作日志',
    access: ['AUDIT_VIEW'],
    load: () => import('../../features/audit/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
  },
  // Development builds only: the gallery works on made-up accounts (a production build leaves it out).
  ...(import.meta.env.DEV
    ? {
        'gateway/componentGallery/index': {
          title: '组件示例',
          access: ['COMPONENT_GALLERY'],
          load: () => import('../../features/component-gallery/component-gallery-page').then((m) => ({ default: m.ComponentGalleryPage })),
        } satisfies PageEntry,
      }
    : {}),
};
