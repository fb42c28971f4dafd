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
      'INSTRUCTION_QUERY',
      'WARNING_VIEW',
      'WARNING_HANDLE',
      'RISK_VIEW',
      'VALUATION_VIEW',
      'ACTION_instructionAdd',
      'ACTION_instructionEdit',
      'ACTION_instructionSubmit',
      'ACTION_accountAdd',
      'ACTION_accountEdit',
      'ACTION_accountUsed',
      'PAYEE_VIEW',
      'ACTION_payeeEdit',
      'TEMPLATE_VIEW',
      'ACTION_templateEdit',
      'CASH_VIEW',
    ],
  },
  {
    role_code: 'CUSTOMER_REVIEWER',
    role_name: '复核员',
    authorities: [
      'ACCOUNT_VIEW',
      'INSTRUCTION_REVIEW',
      'INSTRUCTION_QUERY',
      'WARNING_VIEW',
      'RISK_VIEW',
      'VALUATION_VIEW',
      'ACTION_instructionApprove',
      'ACTION_instructionReject',
      'PAYEE_VIEW',
      'PAYEE_REVIEW',
      'TEMPLATE_VIEW',
      'TEMPLATE_REVIEW',
      'CASH_VIEW',
      'CASH_RECONCILE',
    ],
  },
  {
    // Seats of a third-party institution that must confirm the instructions on accounts it oversees.
    role_code: 'CUSTOMER_THIRD_PARTY_CONFIRMER',
    role_name: '第三方确认员',
    authorities: ['ACCOUNT_VIEW', 'THIRD_PARTY_CONFIRM', 'INSTRUCTION_CONFIRM', 'WARNING_VIEW', 'RISK_VIEW', 'VALUATION_VIEW', 'ACTION_thirdPartyConfirm', 'CASH_VIEW'],
  },
  {
    role_code: 'CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER',
    role_name: '第三方确认复核员',
    // THIRD_PARTY_CONFIRM opens 指令确认, whose confirm-review view this role works in.
    authorities: ['ACCOUNT_VIEW', 'THIRD_PARTY_CONFIRM', 'THIRD_PARTY_CONFIRM_REVIEW', 'INSTRUCTION_CONFIRM_REVIEW', 'WARNING_VIEW', 'RISK_VIEW', 'VALUATION_VIEW', 'ACTION_thirdPartyConfirmReview', 'CASH_VIEW'],
  },
  {
    role_code: 'STAFF_GATEWAY_ADMIN',
    role_name: 'API网关管理员',
    authorities: [
      'GATEWAY_ADMIN',
      // A second staff member approves what another loosened or changed (待审批变更).
      'ADMIN_CHANGE_REVIEW',
      'CERT_MANAGE',
      'RISK_PUBLISH',
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
      'WARNING_IMPORT',
      'VALUATION_IMPORT',
      'CASH_IMPORT',
      'AUDIT_VIEW',
    ],
  },
  {
    // The custodian bank's check (审核) and execution are two people: two roles, one each.
    role_code: 'STAFF_CUSTODIAN_CHECKER',
    role_name: '托管行指令审核员',
    // The checkers also load the custody system's daily warning feeds (预警数据导入), publish risk
    // notices and keep the business calendar and the cut-offs instructions follow.
    authorities: ['CUSTODIAN_CHECK', 'WARNING_IMPORT', 'VALUATION_IMPORT', 'RISK_PUBLISH', 'CALENDAR_MANAGE', 'CUTOFF_MANAGE', 'CASH_IMPORT', 'CASH_RECONCILE_MANAGE'],
  },
  {
    role_code: 'STAFF_CUSTODIAN_EXECUTOR',
    role_name: '托管行指令执行员',
    authorities: ['CUSTODIAN_EXECUTE'],
  },
  {
    // An enterprise's administrator (the first one comes with enterprise/add): its accounts, and
    // its own operators through the user calls, which scope it to its enterprise (modules/users).
    role_code: 'CUSTOMER_ADMIN',
    role_name: '企业管理员',
    authorities: [
      'ACCOUNT_VIEW',
      'ACCOUNT_MANAGE',
      'ACCOUNT_AUTH',
      'WARNING_VIEW',
      'WARNING_HANDLE',
      'RISK_VIEW',
      'VALUATION_VIEW',
      'ACTION_accountAdd',
      'ACTION_accountEdit',
      'OPERATOR_MANAGE',
      // Approves another administrator's changes to operators and rights (待审批变更).
      'ADMIN_CHANGE_REVIEW',
      'ACTION_userAdd',
      'ACTION_userEdit',
      'ACTION_userDelete',
      'ACTION_userResetPassword',
      'ACTION_userAssign',
      'ACTION_userUnlock',
      'ACTION_accountUsed',
      'ACTION_accountAuth',
      'AUDIT_VIEW',
      'CASH_VIEW',
      'CASH_RECONCILE',
      'AUDIT_CONFIRM_ISSUE',
      'APPROVAL_RULE_VIEW',
      'APPROVAL_RULE_MANAGE',
    ],
  },
];

/** The role whose last active holder cannot be removed (docs/features/users-and-operators.md). */
export const GATEWAY_ADMIN_ROLE_CODE = 'STAFF_GATEWAY_ADMIN';
/** An enterprise's administrator: every enterprise that has one keeps at least one active. */
export const ENTERPRISE_ADMIN_ROLE_CODE = 'CUSTOMER_ADMIN';
/** Staff roles go to seats in the bank's own enterprise, the others to customer seats. */
export const isStaffRole = (roleCode: string) => roleCode.startsWith('STAFF_');
