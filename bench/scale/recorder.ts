import { instructionsApi } from '@portal/shared';
import type { Answer } from '../lib/api-login';

export type Outcome = 'ok' | 'refused' | 'error';

/** One call as a client saw it: times in ms since the phase began. */
export interface Call {
  kind: string;
  start: number;
  end: number;
  outcome: Outcome;
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  /** The portal's return code, or what went wrong without one. */
  code: string;
  retryAfter: boolean;
}

const M = instructionsApi.INSTRUCTION_MESSAGES;
/**
 * Refusals that are right answers under load: money and limits (the load spends the accounts'
 * room), a state changed by someone faster, a value date that passed midnight or its cut-off
 * meanwhile, a warning someone else handled. Any other refusal is an error.
 */
const EXPECTED = [M.balance, M.single, M.daily, M.stale, M.expired, '不能重复处理', '已过截止时间'];

export function outcomeOf(answer: Answer): Outcome {
  if (answer.returnCode === '000000') return 'ok';
  if (answer.status < 500 && answer.returnCode === '010001' && EXPECTED.some((m) => answer.returnMsg.includes(m))) return 'refused';
  return 'error';
}

/** The calls of one phase, and the writes the portal acknowledged (for the checks after the run). */
export class Recorder {
  readonly calls: Call[] = [];
  readonly acknowledged = {
    /** Idempotency key → the instruction the add answered. */
    adds: new Map<string, { id: number; instructionNo: string; amount: string; account: string }>(),
    reviewed: new Set<number>(),
    checked: new Set<number>(),
    executed: new Set<number>(),
    warningsHandled: new Set<number>(),
    noticesRead: [] as { userNo: string; id: number }[],
  };
  /** Adds repeated with their key after a success: the repeat must answer the same instruction. */
  readonly repeats = { sent: 0, sameAnswer: 0, otherAnswer: 0, failed: 0 };
  /** Adds whose answer did not come (or was a 5xx/429) and were sent again with their key. */
  readonly retried = { writes: 0, attempts: 0, settled: 0, gaveUp: 0 };
  relogins = 0;
  readonly #t0 = performance.now();

  now = () => performance.now() - this.#t0;

  record(kind: string, start: number, answer: Answer | Error) {
    const end = this.now();
    if (answer instanceof Error) {
      const cause = (answer as { cause?: { code?: string } }).cause?.code ?? answer.name;
      this.calls.push({ kind, start, end, outcome: 'error', status: 0, code: `no answer (${cause})`, retryAfter: false });
    } else {
      const outcome = outcomeOf(answer);
      this.calls.push({ kind, start, end, outcome, status: answer.status, code: outcome === 'refused' ? answer.returnMsg : answer.returnCode || 'not the portal', retryAfter: answer.retryAfter !== null });
    }
  }
}
