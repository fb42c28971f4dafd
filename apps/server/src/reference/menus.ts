import type { Authority } from '@portal/shared';
import type { MenusTable } from '../db/schema';

/** Spec §2 menus for every screen. A menu row whose authority is one the catalogue knows. */
type Menu = Omit<MenusTable, 'authority'> & { authority: Authority | null };

/** A group; always-show (the default) keeps it a group when a user sees only one of its items. */
const group = (menu_id: number, menu_code: string, menu_name: string, icon: string, always_show = 1): Menu => ({
  menu_id, parent_id: 0, menu_code, menu_name, path: '', scheme: '/', target: '', icon, status: 1, always_show, sort: menu_id, authority: null,
});
const page = (menu_id: number, parent_id: number, menu_code: string, menu_name: string, path: string, authority: Authority | null): Menu => ({
  menu_id, parent_id, menu_code, menu_name, path, scheme: '/', target: '', icon: 'md-document', status: 1, always_show: 0, sort: menu_id, authority,
});

/**
 * Menu items listed only by a server in development (NODE_ENV=development): the component
 * gallery works on made-up accounts, and the production web build has no such page.
 */
export const DEVELOPMENT_MENU_CODES: ReadonlySet<string> = new Set(['componentGallery']);

export const MENUS: Menu[] = [
  group(100, 'system', '系统管理', 'md-settings'),
  page(101, 100, 'accountManagement', '账户管理', 'system/accountManagement/index', 'ACCOUNT_VIEW'),
  page(102, 100, 'personalCenter', '个人中心', 'system/personalCenter/index', null),
  page(103, 100, 'userUnlock', '用户解锁', 'system/userUnlock/index', 'USER_UNLOCK'),
  page(104, 100, 'enterpriseManagement', '企业管理', 'system/enterpriseManagement/index', 'ENTERPRISE_MANAGE'),
  page(105, 100, 'userManagement', '用户管理', 'system/userManagement/index', 'USER_MANAGE'),
  page(106, 100, 'operatorManagement', '操作员管理', 'system/operatorManagement/index', 'OPERATOR_MANAGE'),
  page(107, 100, 'certManagement', '证书管理', 'system/certManagement/index', 'CERT_MANAGE'),
  page(108, 100, 'auditLog', '操作日志', 'system/auditLog/index', 'AUDIT_VIEW'),
  // Every logged-in user's notifications (customers and staff alike).
  page(109, 100, 'messageCenter', '消息中心', 'system/messageCenter/index', null),
  page(110, 100, 'approvalRules', '审批规则', 'system/approvalRules/index', 'APPROVAL_RULE_VIEW'),
  // A second administrator's approvals of administrative changes (dual control).
  page(111, 100, 'pendingChanges', '待审批变更', 'system/pendingChanges/index', 'ADMIN_CHANGE_REVIEW'),
  group(200, 'instructionManagement', '指令管理', 'md-list'),
  page(201, 200, 'instructionEntry', '指令录入', 'instructionManagement/instructionEntry/index', 'INSTRUCTION_ENTRY'),
  page(202, 200, 'instructionReview', '指令复核', 'instructionManagement/instructionReview/index', 'INSTRUCTION_REVIEW'),
  page(203, 200, 'instructionQuery', '指令查询', 'instructionManagement/instructionQuery/index', 'INSTRUCTION_QUERY'),
  page(204, 200, 'payeeBook', '收款人名册', 'instructionManagement/payeeBook/index', 'PAYEE_VIEW'),
  page(205, 200, 'payeeReview', '收款人复核', 'instructionManagement/payeeReview/index', 'PAYEE_REVIEW'),
  page(206, 200, 'instructionTemplate', '指令模板', 'instructionManagement/instructionTemplate/index', 'TEMPLATE_VIEW'),
  page(207, 200, 'templateReview', '模板复核', 'instructionManagement/templateReview/index', 'TEMPLATE_REVIEW'),
  page(208, 200, 'bulkImport', '批量导入', 'instructionManagement/bulkImport/index', 'INSTRUCTION_ENTRY'),
  group(300, 'thirdPartyInstructionManagement', '第三方指令管理', 'md-people'),
  page(301, 300, 'instructionConfirmation', '指令确认', 'thirdPartyInstructionManagement/instructionConfirmation/index', 'THIRD_PARTY_CONFIRM'),
  group(400, 'warningInfo', '预警信息', 'md-warning'),
  page(401, 400, 'clearPositionWarn', '清仓预警', 'warningInfo/clearPositionWarn/index', 'WARNING_VIEW'),
  page(402, 400, 'reminderOfPreCleaning', '预清算提醒', 'warningInfo/reminderOfPreCleaning/index', 'WARNING_VIEW'),
  page(403, 400, 'NewSharePaymentReminder', '新股缴款提醒', 'warningInfo/NewSharePaymentReminder/index', 'WARNING_VIEW'),
  group(500, 'addedServices', '增值服务', 'md-star'),
  page(501, 500, 'riskManagement', '风险提示', 'addedServices/riskManagement/index', 'RISK_VIEW'),
  {
    ...page(502, 500, 'bankWebsite', '华夏银行官网', 'www.hxb.com.cn/', null),
    scheme: 'https://',
    target: '_blank',
    icon: 'md-open',
  },
  {
    ...page(503, 500, 'custodyRules', '托管业务规则', 'www.hxb.com.cn/', null),
    scheme: 'https://',
  },
  // Withdrawn from the menu (status 0): kept as data, never shown.
  { ...page(504, 500, 'noticeArchive', '历史公告', 'addedServices/noticeArchive/index', null), status: 0 },
  // Every user; the reports listed are those the registry lets the seat's authorities see.
  page(505, 500, 'reportCenter', '报表中心', 'addedServices/reportCenter/index', null),
  group(700, 'custodianInstruction', '托管行指令管理', 'md-briefcase'),
  page(701, 700, 'custodianCheck', '托管行指令审核', 'custodianInstruction/custodianCheck/index', 'CUSTODIAN_CHECK'),
  page(702, 700, 'custodianExecute', '托管行指令执行', 'custodianInstruction/custodianExecute/index', 'CUSTODIAN_EXECUTE'),
  // A user who sees only one of its pages sees that page in the group's place.
  group(800, 'custodianNotice', '托管行信息发布', 'md-megaphone', 0),
  page(801, 800, 'riskNoticePublish', '风险提示发布', 'custodianNotice/riskNoticePublish/index', 'RISK_PUBLISH'),
  page(802, 800, 'businessCalendar', '工作日历', 'custodianNotice/businessCalendar/index', 'CALENDAR_MANAGE'),
  page(803, 800, 'instructionCutoffs', '截止时间', 'custodianNotice/instructionCutoffs/index', 'CUTOFF_MANAGE'),
  page(703, 700, 'warningImport', '预警数据导入', 'custodianInstruction/warningImport/index', 'WARNING_IMPORT'),
  page(704, 700, 'valuationImport', '估值数据导入', 'custodianInstruction/valuationImport/index', 'VALUATION_IMPORT'),
  group(900, 'valuation', '估值与对账', 'md-stats'),
  page(901, 900, 'valuationStatement', '估值表', 'valuation/valuationStatement/index', 'VALUATION_VIEW'),
  page(902, 900, 'cashStatement', '资金对账单', 'valuation/cashStatement/index', 'CASH_VIEW'),
  page(903, 900, 'electronicReconcile', '电子对账', 'valuation/electronicReconcile/index', 'CASH_VIEW'),
  page(904, 900, 'auditConfirmation', '询证函', 'valuation/auditConfirmation/index', 'AUDIT_CONFIRM_ISSUE'),
  page(906, 900, 'feedFormats', '数据格式', 'valuation/feedFormats/index', null),
  page(705, 700, 'cashImport', '资金数据导入', 'custodianInstruction/cashImport/index', 'CASH_IMPORT'),
  page(706, 700, 'reconcileManagement', '对账管理', 'custodianInstruction/reconcileManagement/index', 'CASH_RECONCILE_MANAGE'),
  group(600, 'gateway', 'API网关管理', 'md-git-network'),
  page(601, 600, 'apiManagement', 'API管理', 'gateway/apiManagement/index', 'GATEWAY_ADMIN'),
  page(602, 600, 'userAssign', '用户分配', 'gateway/userAssign/index', 'GATEWAY_ADMIN'),
  page(604, 600, 'partnerManagement', '合作方管理', 'gateway/partnerManagement/index', 'GATEWAY_ADMIN'),
  page(603, 600, 'componentGallery', '组件示例', 'gateway/componentGallery/index', 'COMPONENT_GALLERY'),
];
