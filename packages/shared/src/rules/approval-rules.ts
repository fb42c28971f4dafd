import { toCents } from './decimal';

/**
 * 审批规则: how many distinct reviewers an instruction needs before it leaves 待复核, by amount
 * band, and the most each named reviewer may pass. An enterprise without a rule keeps the fixed
 * chain: one reviewer, no limit (`DEFAULT_APPROVALS`).
 */

export const APPROVALS_MAX = 3;
export const BANDS_MAX = 5;
export const DEFAULT_APPROVALS = 1;

/**
 * One amount band: it applies to an amount above the band before it (0 for the first) and at most
 * `upTo`; the last band has no upper bound (`upTo` null). `reviewers` distinct people must pass.
 */
export interface ApprovalBand {
  upTo: string | null;
  reviewers: number;
}

/** The most one reviewer (a seat, by user number) may pass under the rule: amounts above it wait for another. */
export interface ReviewerLimit {
  userNo: string;
  limit: string;
}

/** What a rule applies to: an instruction type and a payer account, '' meaning all. */
export interface ApprovalScope {
  instructionType: string;
  payerAccountNo: string;
}

/** Why the bands cannot be a rule (null when they can): ascending bounds, the last open, 1 to 3 reviewers. */
export function bandsProblem(bands: readonly ApprovalBand[]): string | null {
  if (bands.length === 0) return '请至少设置一个金额区间';
  if (bands.length > BANDS_MAX) return `金额区间不能超过${BANDS_MAX}个`;
  let previous = 0n;
  for (const [i, band] of bands.entries()) {
    if (!Number.isInteger(band.reviewers) || band.reviewers < 1 || band.reviewers > APPROVALS_MAX) return `复核人数须在1到${APPROVALS_MAX}之间`;
    const last = i === bands.length - 1;
    if (band.upTo === null) {
      if (!last) return '只有最后一个金额区间可以不设上限';
      continue;
    }
    if (last) return '最后一个金额区间不能设上限';
    const cents = toCents(band.upTo);
    if (cents === null || cents <= previous) return '金额区间上限须大于0且逐个递增';
    previous = cents;
  }
  return null;
}

/** The reviewers an amount needs under the bands: the band with amount > the previous bound and ≤ its own. */
export function approvalsRequired(bands: readonly ApprovalBand[], amount: string): number {
  const cents = toCents(amount) ?? 0n;
  return bands.find((band) => band.upTo === null || cents <= toCents(band.upTo)!)?.reviewers ?? DEFAULT_APPROVALS;
}

/**
 * How specific a scope is: a named account beats a named type (an account is one fund, a type
 * spans them), and both beat all. The most specific rule matching an instruction applies.
 */
export const scopeRank = (scope: ApprovalScope): number => (scope.payerAccountNo ? 2 : 0) + (scope.instructionType ? 1 : 0);

/** The rule of `rules` that applies to an instruction of `type` from `payerAccountNo`, or undefined (the fixed chain). */
export function applicableRule<R extends ApprovalScope>(rules: readonly R[], type: string, payerAccountNo: string): R | undefined {
  const matching = rules.filter((r) => (r.instructionType === '' || r.instructionType === type) && (r.payerAccountNo === '' || r.payerAccountNo === payerAccountNo));
  return matching.sort((a, b) => scopeRank(b) - scopeRank(a))[0];
}

/** Whether `userNo` may pass `amount` under the limits: no limit named for him, or the amount at most his limit. */
export function withinLimit(limits: readonly ReviewerLimit[], userNo: string, amount: string): boolean {
  const mine = limits.find((l) => l.userNo === userNo);
  return !mine || toCents(amount)! <= toCents(mine.limit)!;
}

/** The round a review is at, as lists show it and the review signature carries it: `2/3` is the second of three passes. */
export const approvalRound = (approved: number, required: number): string => `${Math.min(approved + 1, required)}/${required}`;
