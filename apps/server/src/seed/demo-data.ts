import type { Authority } from '@portal/shared';
import type { MenusTable } from '../db/schema';

/**
 * Demo data for non-production: three customer enterprises, the bank's custody department,
 * the four demo logins of the README, roles, menus for every screen the spec names.
 * Passwords here are demo-only; the seed refuses to run with NODE_ENV=production.
 */
export const ENTERPRISES = [
  { enterprise_no: '1000000001', enterprise_name: '华夏远航基金管理有限公司', enterprise_type: 'fund_manager' },
  { enterprise_no: '1000000002', enterprise_name: '中泰安盛人寿保险股份有限公司', enterprise_type: 'insurer' },
  { enterprise_no: '1000000003', enterprise_name: '东方精密制造集团股份有限公司', enterprise_type: 'corporate' },
  { enterprise_no: '9000000001', enterprise_name: '华夏银行资产托管部', enterprise_type: 'bank' },
] as const;

export const ROLES: { role_code: string; role_name: string; authorities: Authority[] }[] = [
  {
    role_code: 'CUSTOMER_MAKER',
    role_name: '经办员',
    authorities: [
      'ACCOUNT_VIEW',
      'ACCOUNT_MANAGE',
      'INSTRUCTION_ENTRY',
      'WARNING_VIEW',
      'RISK_VIEW',
      'ACTION_instructionAdd',
      'ACTION_instructionEdit',
      'ACTION_instructionSubmit',
      'ACTION_accountAdd',
      'ACTION_accountEdit',
    ],
  },
  {
    role_code: 'CUSTOMER_REVIEWER',
    role_name: '复核员',
    authorities: [
      'ACCOUNT_VIEW',
      'INSTRUCTION_REVIEW',
      'THIRD_PARTY_CONFIRM',
      'WARNING_VIEW',
      'RISK_VIEW',
      'ACTION_instructionApprove',
      'ACTION_instructionReject',
      'ACTION_thirdPartyConfirm',
    ],
  },
  {
    role_code: 'STAFF_GATEWAY_ADMIN',
    role_name: 'API网关管理员',
    authorities: [
      'GATEWAY_ADMIN',
      'USER_UNLOCK',
      'COMPONENT_GALLERY',
      'ACTION_apiAdd',
      'ACTION_apiEdit',
      'ACTION_apiRemove',
      'ACTION_apiBatch',
      'ACTION_userAssign',
      'ACTION_userUnlock',
    ],
  },
];

export interface DemoUser {
  username: string;
  password: string;
  nick_name: string;
  user_type: 'customer' | 'staff';
  mobile: string;
  email: string;
  branch_code: string;
  must_change_password: boolean;
  seats: { user_no: string; enterprise_no: string; roles: string[] }[];
}

export const USERS: DemoUser[] = [
  {
    username: 'demo',
    password: 'Demo1234',
    nick_name: '张晓明',
    user_type: 'customer',
    mobile: '13812345678',
    email: 'zhangxm@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: false,
    seats: [
      { user_no: 'U100000101', enterprise_no: '1000000001', roles: ['CUSTOMER_MAKER'] },
      { user_no: 'U100000301', enterprise_no: '1000000003', roles: ['CUSTOMER_MAKER'] },
    ],
  },
  {
    username: 'checker',
    password: 'Demo1234',
    nick_name: '李静',
    user_type: 'customer',
    mobile: '13987654321',
    email: 'lijing@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: false,
    seats: [{ user_no: 'U100000102', enterprise_no: '1000000001', roles: ['CUSTOMER_REVIEWER'] }],
  },
  {
    username: 'newuser',
    password: 'Init1234',
    nick_name: '王磊',
    user_type: 'customer',
    mobile: '13700001111',
    email: 'wanglei@ztas-life.example.cn',
    branch_code: '310000',
    must_change_password: true,
    seats: [{ user_no: 'U100000201', enterprise_no: '1000000002', roles: ['CUSTOMER_MAKER'] }],
  },
  {
    username: 'admin',
    password: 'Admin1234',
    nick_name: '陈涛',
    user_type: 'staff',
    mobile: '13600002222',
    email: 'chentao@custody.example.cn',
    branch_code: '100000',
    must_change_password: false,
    seats: [{ user_no: 'S900000001', enterprise_no: '9000000001', roles: ['STAFF_GATEWAY_ADMIN'] }],
  },
];

/** A menu row whose authority is one the catalogue knows. */
type Menu = Omit<MenusTable, 'authority'> & { authority: Authority | null };

const group = (menu_id: number, menu_code: string, menu_name: string, icon: string): Menu => ({
  menu_id, parent_id: 0, menu_code, menu_name, path: '', scheme: '/', target: '', icon, status: 1, sort: menu_id, authority: null,
});
const page = (menu_id: number, parent_id: number, menu_code: string, menu_name: string, path: string, authority: Authority | null): Menu => ({
  menu_id, parent_id, menu_code, menu_name, path, scheme: '/', target: '', icon: 'md-document', status: 1, sort: menu_id, authority,
});

export const MENUS: Menu[] = [
  group(100, 'system', '系统管理', 'md-settings'),
  page(101, 100, 'accountManagement', '账户管理', 'system/accountManagement/index', 'ACCOUNT_VIEW'),
  page(102, 100, 'personalCenter', '个人中心', 'system/personalCenter/index', null),
  page(103, 100, 'userUnlock', '用户解锁', 'system/userUnlock/index', 'USER_UNLOCK'),
  group(200, 'instructionManagement', '指令管理', 'md-list'),
  page(201, 200, 'instructionEntry', '指令录入', 'instructionManagement/instructionEntry/index', 'INSTRUCTION_ENTRY'),
  page(202, 200, 'instructionReview', '指令复核', 'instructionManagement/instructionReview/index', 'INSTRUCTION_REVIEW'),
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
  group(600, 'gateway', 'API网关管理', 'md-git-network'),
  page(601, 600, 'apiManagement', 'API管理', 'gateway/apiManagement/index', 'GATEWAY_ADMIN'),
  page(602, 600, 'userAssign', '用户分配', 'gateway/userAssign/index', 'GATEWAY_ADMIN'),
  page(603, 600, 'componentGallery', '组件示例', 'gateway/componentGallery/index', 'COMPONENT_GALLERY'),
];
