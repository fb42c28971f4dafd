/** Spec §3 "Home reminder counts": the fourteen counts of `query/message/reminder`. */
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
] as const;

export type ReminderField = (typeof REMINDER_FIELDS)[number];
export type ReminderCounts = Record<ReminderField, number>;
