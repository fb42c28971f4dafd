export { CODE_TABLES, codeLabel, type CodeTableName } from './code-tables';
export { accountLabel, formatAccountNo, groupAccountNo, maskPhone } from './mask';
export { centsToDecimal, toCents, type AmountInput } from './decimal';
export { AMOUNT_RANGE_MESSAGE, amountsInOrder, formatAmount, formatMoney, normaliseAmountText, totalsByCurrency } from './amount';
export { amountToChinese } from './amount-chinese';
export { RELATIVE_WINDOW_MS, formatDate, formatDateTime, recentTime, relativeTime, type DateInput } from './date';
export { describeClient } from './client-description';
export {
  CALENDAR_DAY_KINDS,
  CALENDAR_DAY_KIND_LIST,
  WORKING_HOURS,
  businessCalendar,
  calendarKindProblem,
  calendarKindsFor,
  type BusinessCalendar,
  type CalendarDay,
  type CalendarDayKind,
  type WorkingHours,
} from './business-calendar';
export {
  AMOUNT_MAX_INTEGER_DIGITS,
  AMOUNT_MAX_DECIMALS,
  AMOUNT_MESSAGE,
  SIGN_DATA_MAX,
  SIGN_DATA_MESSAGE,
  CSV_FORMAT_MESSAGE,
  amountSchema,
  signDataSchema,
  csvFileNameSchema,
  validateAmount,
  validateSignData,
  validateCsvFileName,
} from './validators';
export {
  TREE_MAX_DEPTH,
  TREE_ROOT_PARENT,
  ARRAY_TREE_ROOT_PARENT,
  listToTree,
  treeToList,
  type TreeNode,
  type ListToTreeOptions,
} from './tree';
export {
  SIGNING_CODES,
  SIGNING_LAYOUTS,
  SIGN_CHALLENGE_PATTERN,
  SIGN_MSG_MAX,
  challengedSigningData,
  signChallengeSchema,
  signMsgProblem,
  signMsgSchema,
  signingData,
  signingDataTooLong,
  withSignature,
  type SigningCode,
  type SigningField,
  type SigningLayout,
  type SigningLayoutName,
  type SigningSubject,
} from './signing';
export { CONTROL_CHARACTER_MESSAGE, ILL_FORMED_TEXT_MESSAGE, INT4_ID_MESSAGE, INT4_MAX, int4Id, isIllFormed, plainText, wellFormed } from './schema-primitives';
export { FLOOR_MESSAGES, floorLocks, floorViolation, type FloorLock } from './gateway-floor';
export {
  INSTRUCTION_STATUS,
  INSTRUCTION_STATUSES,
  EXPIRED_LABEL,
  REFUSED_STATUSES,
  PENDING_STATUSES,
  DAILY_STATUSES,
  DUTY_OF,
  DUTY_LABEL,
  nextStatus,
  needsReason,
  dutyConflict,
  dutyConflictMessage,
  isExpired,
  executionTiming,
  moneyRefusal,
  statusLabel,
  type InstructionStatus,
  type InstructionAction,
  type FlowFacts,
  type Duty,
  type PerformedDuty,
  type MoneyFacts,
  type MoneyRefusal,
  type ExecutionTiming,
} from './instruction-flow';
export { csvCells, decodeCsv } from './csv-text';
export { parseBatchCsv, batchRowCount, type CsvRow } from './account-batch-csv';
export {
  WARNING_KINDS,
  WARNING_KIND_NAMES,
  FEED_COLUMNS,
  FEED_MAX_ROWS,
  NEW_SHARE_MARKETS,
  amountPayable,
  isYmd,
  parseWarningFeed,
  warningKey,
  type WarningKind,
  type FeedRows,
  type FeedRowError,
  type ParsedFeed,
  type ClearPositionRow,
  type PreCleaningRow,
  type NewSharePaymentRow,
} from './warning-feed';
