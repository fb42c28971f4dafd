import type { Authority } from '@portal/shared';

/** The roles every environment has; a user number gets authorities through them. */
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
      'ACTION_accountUsed',
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
      'USER_MANAGE',
      'ENTERPRISE_MANAGE',
      'ACTION_userAdd',
      'ACTION_userEdit',
      'ACTION_userDelete',
      'ACTION_userResetPassword',
      'ACTION_enterpriseAdd',
      'ACTION_enterpriseEdit',
      'ACTION_enterpriseDisable',
    ],
  },
  {
    // An enterprise's first administrator (enterprise/add). Managing the enterprise's own users
    // comes with the scoped user calls; until then the role holds the account authorities.
    role_code: 'CUSTOMER_ADMIN',
    role_name: '企业管理员',
    authorities: [
      'ACCOUNT_VIEW',
      'ACCOUNT_MANAGE',
      'ACCOUNT_AUTH',
      'WARNING_VIEW',
      'RISK_VIEW',
      'ACTION_accountAdd',
      'ACTION_accountEdit',
      'ACTION_accountUsed',
      'ACTION_accountAuth',
    ],
  },
];

/** The role whose last active holder cannot be removed (docs/architecture.md "Staff administration"). */
export const GATEWAY_ADMIN_ROLE_CODE = 'STAFF_GATEWAY_ADMIN';
/** Staff roles go to seats in the bank's own enterprise, the others to customer seats. */
export const isStaffRole = (roleCode: string) => roleCode.startsWith('STAFF_');
