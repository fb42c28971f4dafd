/**
 * Demo data for non-production: three customer enterprises and the demo logins of the
 * README. Passwords here are demo-only; the seed refuses to run with NODE_ENV=production.
 */
export const ENTERPRISES = [
  { enterprise_no: '1000000001', enterprise_name: '华夏远航基金管理有限公司', enterprise_type: 'fund_manager' },
  { enterprise_no: '1000000002', enterprise_name: '中泰安盛人寿保险股份有限公司', enterprise_type: 'insurer' },
  { enterprise_no: '1000000003', enterprise_name: '东方精密制造集团股份有限公司', enterprise_type: 'corporate' },
] as const;

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
  // 中泰安盛's reviewer, so its instructions go past review.
  {
    username: 'ztreview',
    password: 'Demo1234',
    nick_name: '陈雪',
    user_type: 'customer',
    mobile: '13566667777',
    email: 'chenxue@ztas-life.example.cn',
    branch_code: '310000',
    must_change_password: false,
    seats: [{ user_no: 'U100000202', enterprise_no: '1000000002', roles: ['CUSTOMER_REVIEWER'] }],
  },
  // The third-party institution 鼎晟投资顾问 confirms instructions on the accounts it oversees: a confirmer and a confirm reviewer.
  {
    username: 'tpconfirm',
    password: 'Demo1234',
    nick_name: '吴敏',
    user_type: 'customer',
    mobile: '13544445555',
    email: 'wumin@dingsheng-adv.example.cn',
    branch_code: '310000',
    must_change_password: false,
    seats: [{ user_no: 'U200000101', enterprise_no: '2000000001', roles: ['CUSTOMER_THIRD_PARTY_CONFIRMER'] }],
  },
  {
    username: 'tpreview',
    password: 'Demo1234',
    nick_name: '郑浩',
    user_type: 'customer',
    mobile: '13555556666',
    email: 'zhenghao@dingsheng-adv.example.cn',
    branch_code: '310000',
    must_change_password: false,
    seats: [{ user_no: 'U200000102', enterprise_no: '2000000001', roles: ['CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER'] }],
  },
  // The custodian's check and execution are two different staff.
  {
    username: 'custcheck',
    password: 'Admin1234',
    nick_name: '赵磊',
    user_type: 'staff',
    mobile: '13600003333',
    email: 'zhaolei@custody.example.cn',
    branch_code: '100000',
    must_change_password: false,
    seats: [{ user_no: 'S900000002', enterprise_no: '9000000001', roles: ['STAFF_CUSTODIAN_CHECKER'] }],
  },
  {
    username: 'custexec',
    password: 'Admin1234',
    nick_name: '钱芳',
    user_type: 'staff',
    mobile: '13600004444',
    email: 'qianfang@custody.example.cn',
    branch_code: '100000',
    must_change_password: false,
    seats: [{ user_no: 'S900000003', enterprise_no: '9000000001', roles: ['STAFF_CUSTODIAN_EXECUTOR'] }],
  },
  // 华夏远航's enterprise administrator and two more of its operators, for 操作员管理.
  {
    username: 'qyadmin',
    password: 'Demo1234',
    nick_name: '刘芳',
    user_type: 'customer',
    mobile: '13511112222',
    email: 'liufang@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: false,
    seats: [{ user_no: 'U100000103', enterprise_no: '1000000001', roles: ['CUSTOMER_ADMIN'] }],
  },
  {
    username: 'zhouyang',
    password: 'Demo1234',
    nick_name: '周洋',
    user_type: 'customer',
    mobile: '13522223333',
    email: 'zhouyang@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: false,
    seats: [{ user_no: 'U100000104', enterprise_no: '1000000001', roles: ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER'] }],
  },
  {
    username: 'sunli',
    password: 'Init1234',
    nick_name: '孙丽',
    user_type: 'customer',
    mobile: '13533334444',
    email: 'sunli@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: true,
    seats: [{ user_no: 'U100000105', enterprise_no: '1000000001', roles: ['CUSTOMER_MAKER'] }],
  },
  {
    username: 'dfreview',
    password: 'Demo1234',
    nick_name: '陈立',
    user_type: 'customer',
    mobile: '13544445555',
    email: 'chenli@dfjm-group.example.cn',
    branch_code: '310000',
    must_change_password: false,
    seats: [{ user_no: 'U100000302', enterprise_no: '1000000003', roles: ['CUSTOMER_REVIEWER'] }],
  },
  // 华夏远航's second administrator: its administrative changes need two (待审批变更).
  {
    username: 'qyapprove',
    password: 'Demo1234',
    nick_name: '赵敏',
    user_type: 'customer',
    mobile: '13522223333',
    email: 'zhaomin@hxyh-fund.example.cn',
    branch_code: '110000',
    must_change_password: false,
    seats: [{ user_no: 'U100000106', enterprise_no: '1000000001', roles: ['CUSTOMER_ADMIN'] }],
  },
  // The bank's second gateway administrator: a staff change that loosens a call needs two.
  {
    username: 'secadmin',
    password: 'Admin1234',
    nick_name: '黄静',
    user_type: 'staff',
    mobile: '13600003333',
    email: 'huangjing@custody.example.cn',
    branch_code: '100000',
    must_change_password: false,
    seats: [{ user_no: 'S900000004', enterprise_no: '9000000001', roles: ['STAFF_GATEWAY_ADMIN'] }],
  },
];

/**
 * Definitions staff keep for routes served elsewhere behind the gateway (the TA system, the
 * valuation system, a partner's quote feed), so API管理 shows both kinds on first start.
 */
export const EXTERNAL_APIS = [
  { api_code: 'TA_NAV_QUERY', api_name: '基金净值查询', api_category: 'TA系统', service_id: 'ta-gateway', path: '/ta/fund/navQuery', priority: 300, is_auth: 1, is_open: 1, is_encrypt: 1, is_ara: 0, status: 1, api_desc: '按产品代码与估值日查询单位净值' },
  { api_code: 'TA_SHARE_CONFIRM', api_name: '份额确认查询', api_category: 'TA系统', service_id: 'ta-gateway', path: '/ta/share/confirmQuery', priority: 301, is_auth: 1, is_open: 0, is_encrypt: 1, is_ara: 0, status: 1, api_desc: '' },
  { api_code: 'VAL_POSITION_DAILY', api_name: '估值持仓日报', api_category: '估值系统', service_id: 'valuation', path: '/valuation/position/daily', priority: 310, is_auth: 1, is_open: 0, is_encrypt: 1, is_ara: 1, status: 1, api_desc: '' },
  { api_code: 'PARTNER_BOND_QUOTE', api_name: '债券报价（合作方）', api_category: '合作方', service_id: 'partner-quote', path: '/partner/bond/quote', priority: 320, is_auth: 1, is_open: 1, is_encrypt: 0, is_ara: 0, status: 0, api_desc: '合作方行情源，暂停接入' },
] as const;
