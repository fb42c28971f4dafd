import { codeLabel, formatAmount, type ApprovalRule } from '@portal/shared';

/** A scope as the list names it: the type and the account, or 全部. */
export const scopeLabel = (r: Pick<ApprovalRule, 'instructionType' | 'payerAccountNo'>) => ({
  type: r.instructionType ? codeLabel('instructionType', r.instructionType) : '全部类型',
  account: r.payerAccountNo || '全部账户',
});

/** The bands in words: 「≤1,000,000.00：1人复核；>1,000,000.00：2人复核」. */
export function bandsText(bands: ApprovalRule['bands']): string {
  return bands
    .map((b, i) => {
      const lower = i === 0 ? null : bands[i - 1]!.upTo;
      const range = b.upTo === null ? (lower === null ? '任意金额' : `>${formatAmount(lower)}`) : lower === null ? `≤${formatAmount(b.upTo)}` : `>${formatAmount(lower)} 且 ≤${formatAmount(b.upTo)}`;
      return `${range}：${b.reviewers}人复核`;
    })
    .join('；');
}
