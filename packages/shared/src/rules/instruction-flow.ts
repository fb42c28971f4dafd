import { toCents } from './decimal';

/**
 * The payment instruction's life (maker → review → third-party confirm → confirm review →
 * custodian check → execution), one state machine for the server, which enforces it, and the
 * web, which offers only what it allows.
 */

export const INSTRUCTION_STATUS = {
  '00': '草稿',
  '10': '待复核',
  '11': '复核退回',
  '20': '待第三方确认',
  '21': '第三方确认退回',
  '30': '待确认复核',
  '31': '确认复核退回',
  '40': '待托管行审核',
  '41': '托管行审核退回',
  '50': '托管行已审核',
  '60': '已执行',
  '90': '已撤销',
} as const;
export type InstructionStatus = keyof typeof INSTRUCTION_STATUS;
export const INSTRUCTION_STATUSES = Object.keys(INSTRUCTION_STATUS) as InstructionStatus[];

/** Shown instead of the status while a passed value date blocks the custodian's check. */
export const EXPIRED_LABEL = '已过期';

export type InstructionAction =
  | 'edit'
  | 'submit'
  | 'revoke'
  | 'reviewPass'
  | 'reviewRefuse'
  | 'confirmPass'
  | 'confirmRefuse'
  | 'confirmReviewPass'
  | 'confirmReviewRefuse'
  | 'checkPass'
  | 'checkRefuse'
  | 'execute';

/** The refused states: each returns the instruction to its maker, who may edit, resubmit or revoke. */
export const REFUSED_STATUSES: readonly InstructionStatus[] = ['11', '21', '31', '41'];
const MAKER_HOLDS: readonly InstructionStatus[] = ['00', ...REFUSED_STATUSES];

/** Instructions whose amount is held against the account's available balance. */
export const PENDING_STATUSES: readonly InstructionStatus[] = ['10', '11', '20', '21', '30', '31', '40', '41', '50'];

/** Counted against the daily limit: everything submitted and not revoked, held or paid. */
export const DAILY_STATUSES: readonly InstructionStatus[] = [...PENDING_STATUSES, '60'];

/**
 * An account's money as one instruction meets it, the instruction itself left out: the register
 * balance less the other instructions held (`PENDING_STATUSES`), and what the others with the
 * same value date already take of the daily limit (`DAILY_STATUSES`). Decimal strings.
 */
export interface MoneyFacts {
  available: string;
  singleLimit: string | null;
  dailyLimit: string | null;
  dailyUsed: string;
}

/** The keys of `INSTRUCTION_MESSAGES` a refusal names: '超过单笔限额', '可用余额不足', '超过日累计限额'. */
export type MoneyRefusal = 'single' | 'balance' | 'daily';

/** Why `amount` may not go out of the account, in the server's order (single limit, balance, daily limit), or null. */
export function moneyRefusal(amount: string, facts: MoneyFacts): MoneyRefusal | null {
  const cents = toCents(amount);
  if (cents === null) return null;
  if (facts.singleLimit !== null && cents > toCents(facts.singleLimit)!) return 'single';
  if (cents > toCents(facts.available)!) return 'balance';
  if (facts.dailyLimit !== null && cents + toCents(facts.dailyUsed)! > toCents(facts.dailyLimit)!) return 'daily';
  return null;
}

export interface FlowFacts {
  /** The payer account names a third-party institution that must confirm. */
  hasThirdParty: boolean;
  /** Distinct reviewers the instruction needs (its approval rule, rules/approval-rules.ts); 1 when absent. */
  approvalsRequired?: number;
  /** Passes it has had since it was last submitted; 0 when absent. */
  approvalsDone?: number;
}

const FIXED: Partial<Record<InstructionAction, Partial<Record<InstructionStatus, InstructionStatus>>>> = {
  reviewRefuse: { '10': '11' },
  confirmPass: { '20': '30' },
  confirmRefuse: { '20': '21' },
  confirmReviewPass: { '30': '40' },
  confirmReviewRefuse: { '30': '31' },
  checkPass: { '40': '50' },
  checkRefuse: { '40': '41' },
  execute: { '50': '60' },
};

/** The state an action leads to from `status`, or null when the action is not allowed there. */
export function nextStatus(status: InstructionStatus, action: InstructionAction, facts: FlowFacts): InstructionStatus | null {
  switch (action) {
    case 'edit':
      return MAKER_HOLDS.includes(status) ? status : null;
    case 'submit':
      return MAKER_HOLDS.includes(status) ? '10' : null;
    case 'revoke':
      return status === '10' || MAKER_HOLDS.includes(status) ? '90' : null;
    case 'reviewPass':
      // A pass short of the reviewers the rule asks for counts and leaves it waiting for the next.
      if (status !== '10') return null;
      if ((facts.approvalsDone ?? 0) + 1 < (facts.approvalsRequired ?? 1)) return '10';
      return facts.hasThirdParty ? '20' : '40';
    default:
      return FIXED[action]?.[status] ?? null;
  }
}

/** Whether the action needs a reason: every refusal and a revocation do. */
export const needsReason = (action: InstructionAction): boolean => action.endsWith('Refuse') || action === 'revoke';

/** The duties segregation of duties is about; each action belongs to one. */
export type Duty = 'entry' | 'review' | 'confirm' | 'confirmReview' | 'check' | 'execute';

export const DUTY_OF: Record<InstructionAction, Duty> = {
  edit: 'entry',
  submit: 'entry',
  revoke: 'entry',
  reviewPass: 'review',
  reviewRefuse: 'review',
  confirmPass: 'confirm',
  confirmRefuse: 'confirm',
  confirmReviewPass: 'confirmReview',
  confirmReviewRefuse: 'confirmReview',
  checkPass: 'check',
  checkRefuse: 'check',
  execute: 'execute',
};

/**
 * Duties one person (one login, across all its seats) may not combine on one instruction: at
 * most one of the customer steps (entry, review, the third party's confirm and confirm review,
 * since one login may hold seats in an enterprise and in the institution its accounts name), and
 * neither of those with the custodian's check; check and execution.
 */
const CUSTOMER_STEPS: readonly Duty[] = ['entry', 'review', 'confirm', 'confirmReview'];
const others = (duty: Duty, among: readonly Duty[]) => among.filter((d) => d !== duty);
const EXCLUSIVE: Record<Duty, readonly Duty[]> = {
  entry: [...others('entry', CUSTOMER_STEPS), 'check'],
  review: [...others('review', CUSTOMER_STEPS), 'check'],
  confirm: others('confirm', CUSTOMER_STEPS),
  confirmReview: others('confirmReview', CUSTOMER_STEPS),
  check: ['entry', 'review', 'execute'],
  execute: ['check'],
};

export const DUTY_LABEL: Record<Duty, string> = {
  entry: '录入',
  review: '复核',
  confirm: '第三方确认',
  confirmReview: '确认复核',
  check: '托管行审核',
  execute: '执行',
};

export interface PerformedDuty {
  duty: Duty;
  userId: number;
}

/**
 * The duty this person already performed on the instruction that forbids `duty`, if any.
 * Entry by the maker counts from creation, so pass the maker as an `entry` duty.
 */
export function dutyConflict(duty: Duty, userId: number, performed: readonly PerformedDuty[]): Duty | undefined {
  return performed.find((p) => p.userId === userId && EXCLUSIVE[duty].includes(p.duty))?.duty;
}

/** The refusal message for a segregation-of-duties conflict. */
export const dutyConflictMessage = (duty: Duty, earlier: Duty): string =>
  `同一用户不能对同一指令既${DUTY_LABEL[earlier]}又${DUTY_LABEL[duty]}`;

/**
 * Expired: the value date (yyyy-MM-dd) has passed while the instruction still waits for the
 * custodian's check; it cannot be passed until the maker changes the date or revokes it.
 */
export function isExpired(status: InstructionStatus, valueDate: string, today: string): boolean {
  const waiting = status !== '50' && status !== '60' && status !== '90';
  return waiting && valueDate < today;
}

/**
 * When the custodian pays against the value date (yyyy-MM-dd, today in Beijing time): `early`
 * before it, which is refused (money does not leave before the date the maker asked for);
 * `late` after it (checked in time, not paid that day), allowed with a stated reason; else `onTime`.
 */
export type ExecutionTiming = 'early' | 'onTime' | 'late';
export const executionTiming = (valueDate: string, today: string): ExecutionTiming => (valueDate > today ? 'early' : valueDate < today ? 'late' : 'onTime');

/** Shown instead of the status once the cut-off passed before the custodian's check (rules/cutoff.ts). */
export const CUTOFF_MISSED_LABEL = '已过截止';

/**
 * The label a list shows, from a record as the server judged it: 已过期 over the status while the
 * value date blocks the check, else 已过截止 once its cut-off passed, else the status.
 */
export const statusLabel = (record: { status: string; expired: boolean; cutoffState: string | null }): string =>
  record.expired ? EXPIRED_LABEL : record.cutoffState === 'missed' ? CUTOFF_MISSED_LABEL : (INSTRUCTION_STATUS[record.status as InstructionStatus] ?? record.status);
