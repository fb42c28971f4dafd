/**
 * Every API of spec §7 as a gateway definition. `{prefix}` is the customer prefix and
 * `{urlPrefix}` the gateway prefix of the configuration. Flags: E encrypted body,
 * A anti-replay, O open (no session needed). Passwords, accounts and user administration
 * travel encrypted; writes that move money or identities are anti-replay too.
 */
type Flags = '' | 'A' | 'E' | 'EA' | 'O' | 'OE';

const auth: [string, string, string, Flags][] = [
  ['/auth/oauth/token', 'AUTH_OAUTH_TOKEN', 'OAuth登录', 'OE'],
  ['/admin/login/token', 'ADMIN_LOGIN', '用户登录', 'OE'],
  ['/admin/logout/token', 'ADMIN_LOGOUT', '退出登录', ''],
  ['/user/handleLogin', 'USER_HANDLE_LOGIN', '证书版登录', 'OE'],
  ['/captcha/picture/createCode', 'CAPTCHA_CREATE', '获取图形验证码', 'O'],
  ['/base/app/getEncryptionPublicKey', 'ENCRYPTION_PUBLIC_KEY', '获取加密公钥', 'O'],
  ['/initial/api/list', 'INITIAL_API_LIST', '加密接口清单', 'O'],
  ['/base/app/echo', 'ENVELOPE_ECHO', '加密通道检测', 'OE'],
  ['/base/app/echoPlain', 'PLAIN_ECHO', '明文通道检测', 'O'],
  ['/monitor/system/health', 'SYSTEM_HEALTH', '系统健康检查', 'O'],
  ['/standard/frontEndComponents/getHxStandardByStandardCode', 'DICT_BY_CODE', '按标准编码查询数据标准', ''],
  ['/trans/frontEndComponents/getDictionaryStandardByName', 'DICT_BY_NAME', '按名称查询数据字典', ''],
];

const customer: [string, string, string, Flags][] = [
  ['Random', 'RANDOM', '获取服务端随机数', 'O'],
  ['user/isExpiredOrFirstLogin', 'USER_EXPIRED_OR_FIRST', '密码过期或首次登录检查', ''],
  ['user/initial/password', 'USER_INITIAL_PASSWORD', '首次登录修改密码', 'OE'],
  ['user/queryByKey', 'USER_QUERY_BY_KEY', '按证书查询用户号', 'OE'],
  ['VerifySign/Login', 'VERIFY_SIGN_LOGIN', '登录验签', 'E'],
  ['VerifySign/UserAdd', 'VERIFY_SIGN_USER_ADD', '新增用户验签', 'EA'],
  ['VerifySign/UserEdit', 'VERIFY_SIGN_USER_EDIT', '修改用户验签', 'EA'],
  ['VerifySign/UserDelete', 'VERIFY_SIGN_USER_DELETE', '删除用户验签', 'EA'],
  ['VerifySign/UserAddRole', 'VERIFY_SIGN_USER_ADD_ROLE', '分配角色验签', 'EA'],
  ['VerifySign/PasswordModify', 'VERIFY_SIGN_PASSWORD_MODIFY', '修改密码验签', 'EA'],
  ['VerifySign/AccountAdd', 'VERIFY_SIGN_ACCOUNT_ADD', '新增账户验签', 'EA'],
  ['VerifySign/AccountEdit', 'VERIFY_SIGN_ACCOUNT_EDIT', '修改账户验签', 'EA'],
  ['VerifySign/AccountUsed', 'VERIFY_SIGN_ACCOUNT_USED', '启用账户验签', 'EA'],
  ['VerifySign/UserUnlock', 'VERIFY_SIGN_USER_UNLOCK', '解锁用户验签', 'EA'],
  ['current/user', 'CURRENT_USER', '当前用户信息', ''],
  ['current/user/menu', 'CURRENT_USER_MENU', '当前用户菜单', ''],
  ['current/user/update', 'CURRENT_USER_UPDATE', '修改个人信息', 'E'],
  ['user', 'USER_PAGE', '用户分页查询', 'E'],
  ['getUserById', 'USER_BY_ID', '按编号查询用户', 'E'],
  ['userUnlock/getUserById', 'USER_UNLOCK_BY_ID', '按编号查询锁定用户', 'E'],
  ['channel/queryByUserNo', 'CHANNEL_BY_USER_NO', '查询用户渠道', ''],
  ['user/all', 'USER_ALL', '全部用户', 'E'],
  ['user/add', 'USER_ADD', '新增用户', 'EA'],
  ['user/update', 'USER_UPDATE', '修改用户', 'EA'],
  ['user/roles/add', 'USER_ROLES_ADD', '分配用户角色', 'EA'],
  ['user/resetPassword', 'USER_RESET_PASSWORD', '重置密码', 'EA'],
  ['user/delete', 'USER_DELETE', '删除用户', 'EA'],
  ['user/authority/query', 'USER_AUTHORITY_QUERY', '查询用户权限', ''],
  ['user/queryAccountAuth', 'USER_ACCOUNT_AUTH', '查询账户权限', 'E'],
  ['user/enterprise/query', 'USER_ENTERPRISE_QUERY', '查询可切换企业', ''],
  ['user/enterprise/switch', 'USER_ENTERPRISE_SWITCH', '切换企业', ''],
  ['user/roles', 'USER_ROLES', '查询用户角色', ''],
  ['user/update/password', 'USER_UPDATE_PASSWORD', '修改用户密码', 'EA'],
  ['gateway/count', 'GATEWAY_COUNT', '网关统计', ''],
  ['query/message/reminder', 'MESSAGE_REMINDER', '首页提醒统计', ''],
  ['productGroup/initUserProductsLinks', 'PRODUCT_LINKS', '初始化产品链接', ''],
  ['account/queryAccountInfo', 'ACCOUNT_QUERY_INFO', '查询账户信息', 'E'],
  ['account/updateAccountName', 'ACCOUNT_UPDATE_NAME', '修改账户名称', 'EA'],
  ['accountAuth/accountAuthDetail', 'ACCOUNT_AUTH_DETAIL', '账户权限明细', 'E'],
  ['accountManagement/insert', 'ACCOUNT_MGMT_INSERT', '新增托管账户', 'EA'],
  ['accountManagement/update', 'ACCOUNT_MGMT_UPDATE', '修改托管账户', 'EA'],
  ['accountManagement/start', 'ACCOUNT_MGMT_START', '启用托管账户', 'EA'],
  ['accountManagement/forbidden', 'ACCOUNT_MGMT_FORBIDDEN', '停用托管账户', 'EA'],
  ['account/queryByAccountNo', 'ACCOUNT_BY_NO', '按账号查询账户', 'E'],
  ['account/queryEnterprsieList', 'ACCOUNT_ENTERPRISE_LIST', '查询机构列表', 'E'],
  ['account/queryEnterprsie', 'ACCOUNT_ENTERPRISE', '查询机构', 'E'],
  ['user/personQuery', 'USER_PERSON_QUERY', '查询个人信息', 'E'],
  ['user/personModify', 'USER_PERSON_MODIFY', '修改个人信息', 'EA'],
  ['userUnlock/queryLockUser', 'USER_UNLOCK_QUERY', '查询锁定用户', 'E'],
  ['userUnlock/update', 'USER_UNLOCK_UPDATE', '解锁用户', 'EA'],
  ['userPassword/update', 'USER_PASSWORD_UPDATE', '修改密码', 'EA'],
  ['userPassword/force/update', 'USER_PASSWORD_FORCE_UPDATE', '强制修改密码', 'OE'],
  ['accountBatchService/query', 'ACCOUNT_BATCH_QUERY', '批量账户查询', 'E'],
  ['accountBatchService/insert', 'ACCOUNT_BATCH_INSERT', '批量新增账户', 'EA'],
  ['queryAccountInfo/manage/download', 'ACCOUNT_INFO_DOWNLOAD', '下载账户信息', ''],
  ['accountThird/manage/download', 'ACCOUNT_THIRD_DOWNLOAD', '下载第三方账户', ''],
];

const gateway: [string, string, string, Flags][] = [
  ['api', 'GW_API_PAGE', 'API分页查询', ''],
  ['api/all', 'GW_API_ALL', '全部API', ''],
  ['api/add', 'GW_API_ADD', '新增API', 'A'],
  ['api/update', 'GW_API_UPDATE', '修改API', 'A'],
  ['api/remove', 'GW_API_REMOVE', '删除API', 'A'],
  ['api/batch/remove', 'GW_API_BATCH_REMOVE', '批量删除API', 'A'],
  ['api/batch/update/open', 'GW_API_BATCH_OPEN', '批量修改开放状态', 'A'],
  ['api/batch/update/status', 'GW_API_BATCH_STATUS', '批量修改状态', 'A'],
  ['api/batch/update/encrypts', 'GW_API_BATCH_ENCRYPT', '批量修改加密', 'A'],
  ['api/batch/update/auth', 'GW_API_BATCH_AUTH', '批量修改鉴权', 'A'],
];

export interface ApiSeed {
  path: string;
  api_code: string;
  api_name: string;
  api_category: string;
  service_id: string;
  is_auth: number;
  is_open: number;
  is_encrypt: number;
  is_ara: number;
  priority: number;
}

function entry(path: string, code: string, name: string, flags: Flags, category: string, service: string, priority: number): ApiSeed {
  const open = flags.includes('O');
  return {
    path,
    api_code: code,
    api_name: name,
    api_category: category,
    service_id: service,
    is_auth: open ? 0 : 1,
    is_open: open ? 1 : 0,
    is_encrypt: flags.includes('E') ? 1 : 0,
    is_ara: flags.includes('A') ? 1 : 0,
    priority,
  };
}

export function apiCatalogue(customerPrefix: string, gatewayPrefix: string): ApiSeed[] {
  return [
    ...auth.map(([p, c, n, f], i) => entry(p, c, n, f, '认证与基础', 'zctg-auth', i)),
    ...customer.map(([p, c, n, f], i) =>
      entry(`/${customerPrefix}/${p}`, c, n, f, p.startsWith('account') ? '账户管理' : '客户服务', 'zctg-customer', 100 + i),
    ),
    ...gateway.map(([p, c, n, f], i) => entry(`/${gatewayPrefix}/${p}`, c, n, f, 'API网关管理', 'zctg-gateway', 200 + i)),
  ];
}
