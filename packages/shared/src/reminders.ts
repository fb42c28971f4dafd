/**
 * Spec §3 "Home reminder counts": the fourteen counts of `query/message/reminder`, and two of bank
 * staff's own (issue 16: the staff home shows what waits for them), 0 for everyone else, and the
 * enterprise administrator's accounts without a reviewer (issue 22).
 */
export const REMINDER_FIELDS = [
  'notAddedAccountCount',
  'addedAccountCount',
  'waitCheckCount',
  'waitReviewCount',
  'waitConfirmCount',
  'waitConfirmReviewCount',
  'reviewRefuseCount',
  'checkRefuseCount',
  'confirmRefuseCount',
  'confirmReviewRefuseCount',
  'RiskCount',
  'positionCount',
  'deptCount',
  'shareCount',
  /** Checked instructions waiting for the custodian's payment (CUSTODIAN_EXECUTE). */
  'waitExecuteCount',
  /** Risk notices saved as drafts, not yet published (RISK_PUBLISH). */
  'noticeDraftCount',
  /** Accounts in use on which a maker may enter and nobody else may review (ACCOUNT_AUTH: the enterprise administrator). */
  'noReviewerAccountCount',
  /** The caller's waiting instructions (rules/cutoff-countdown.ts) whose cut-off falls later today. */
  'dueTodayCount',
  /** Of those, the ones with under an hour left. */
  'atRiskCount',
  /** Ended periods whose cash statement the enterprise has not yet answered (电子对账, CASH_RECONCILE). */
  'reconcileCount',
] as const;

export type ReminderField = (typeof REMINDER_FIELDS)[number];
export type ReminderCounts = Record<ReminderField, number>;
