import { CUTOFF_WARNING_MINUTES, cutoffStateAt, type CutoffState } from './cutoff';
import { formatDate } from './date';
import { DUTY_OF, nextStatus, type Duty, type FlowFacts, type InstructionAction, type InstructionStatus } from './instruction-flow';

/**
 * "Will this make today?": for an instruction still on its way, how long is left to its cut-off
 * and whose steps remain, so entry, review, confirmation and the detail can count down, and the
 * home counts can say what is due today and what is at risk. Pure: the browser counts with the
 * server's clock, the server judges the home counts and the live nudge with the same rules.
 */

/** The step that moves an instruction on from each state; states with none are at an end (60, 90). */
const FORWARD: Partial<Record<InstructionStatus, InstructionAction>> = {
  '00': 'submit',
  '11': 'submit',
  '21': 'submit',
  '31': 'submit',
  '41': 'submit',
  '10': 'reviewPass',
  '20': 'confirmPass',
  '30': 'confirmReviewPass',
  '40': 'checkPass',
  '50': 'execute',
};

/**
 * The duties still to act before the money leaves, in order, walking the state machine forward
 * from `status` (a refused or draft instruction starts again with its maker's submit).
 */
export function remainingSteps(status: InstructionStatus, facts: FlowFacts): Duty[] {
  const steps: Duty[] = [];
  let at: InstructionStatus | null = status;
  while (at && FORWARD[at]) {
    const action: InstructionAction = FORWARD[at]!;
    steps.push(DUTY_OF[action]);
    at = nextStatus(at, action, facts);
  }
  return steps;
}

/** Who acts at each step, as the countdown names them. */
export const STEP_LABEL: Record<Duty, string> = {
  entry: '经办提交',
  review: '复核',
  confirm: '第三方确认',
  confirmReview: '确认复核',
  check: '托管行审核',
  execute: '执行',
};

/** What the maker must do once the cut-off has passed (rules/cutoff.ts: only re-dated or revoked). */
export const AFTER_CUTOFF_STEP = '经办人修改起息日或撤销';

export interface CutoffOutlook {
  /** Standing against the cut-off; null once it no longer matters (checked, paid, revoked). */
  state: CutoffState | null;
  /** Milliseconds to the cut-off at `now`; 0 once it has passed. */
  msLeft: number;
  /** Steps still to act, in order; every one before `execute` must be done by the cut-off. Empty once missed. */
  steps: Duty[];
}

/**
 * An instruction's outlook at `now` (the server's clock): its steps still to go and the time
 * left before its cut-off instant (`cutoffAt`, as the record carries it).
 */
export function cutoffOutlook(record: { status: string; thirdPartyEnterpriseNo: string | null; cutoffAt: string }, now: number): CutoffOutlook {
  const status = record.status as InstructionStatus;
  const deadline = Date.parse(record.cutoffAt);
  const steps = remainingSteps(status, { hasThirdParty: record.thirdPartyEnterpriseNo !== null });
  // Past the custodian's check (or at an end) the cut-off no longer matters.
  if (!steps.includes('check')) return { state: null, msLeft: Math.max(0, deadline - now), steps };
  const state = cutoffStateAt(deadline, now);
  return { state, msLeft: Math.max(0, deadline - now), steps: state === 'missed' ? [] : steps };
}

/** The remaining steps as one line: `复核 → 托管行审核 → 执行`, or what is left once the cut-off passed. */
export const stepsLine = (outlook: CutoffOutlook): string => (outlook.state === 'missed' ? AFTER_CUTOFF_STEP : outlook.steps.map((d) => STEP_LABEL[d]).join(' → '));

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as a ticking clock: `02:05:09`, with days in front beyond a day (`3天 04:00:00`). */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** Time left in words for a notification: `38分钟`, `1小时05分钟`; under a minute `不足1分钟`. */
export function timeLeftWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return '不足1分钟';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}小时${pad(minutes % 60)}分钟` : `${minutes}分钟`;
}

/**
 * For the home counts, a waiting instruction's cut-off at `now`: due today when it falls later
 * today (Beijing time), at risk when under CUTOFF_WARNING_MINUTES remain. Passed ones are neither.
 */
export function cutoffUrgency(deadline: number, now: number): { dueToday: boolean; atRisk: boolean } {
  if (now >= deadline) return { dueToday: false, atRisk: false };
  return { dueToday: formatDate(deadline) === formatDate(now), atRisk: deadline - now <= CUTOFF_WARNING_MINUTES * 60_000 };
}

/** The live nudge's words: `指令ZL…距截止时间还剩38分钟，请尽快处理`. */
export const cutoffNudgeMessage = (instructionNos: readonly (string | number)[], msLeft: number): string =>
  `指令${instructionNos.join('、')}已到您处，距截止时间还剩${timeLeftWords(msLeft)}，请尽快处理`;
