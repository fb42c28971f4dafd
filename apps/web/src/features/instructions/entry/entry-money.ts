import { centsToDecimal, DAILY_STATUSES, instructionsApi, moneyRefusal, PENDING_STATUSES, toCents, type InstructionRecord, type InstructionStatus, type PayerAccount } from '@portal/shared';

/**
 * Why the server would refuse to submit `amount` out of `account` (its message), or null: the
 * shared money rule over the payer accounts' answer, with the instruction being edited left out
 * as the server leaves it out (it holds its stored amount while refused; it counts on its stored
 * value date). `answerDate` is the value date the answer's daily use is for: when it is not the
 * form's (still loading), the daily limit is left to the server.
 */
export function entryRefusal(
  amount: string,
  valueDate: string,
  account: PayerAccount,
  answerDate: string,
  stored?: Pick<InstructionRecord, 'payerAccountNo' | 'amount' | 'status' | 'valueDate'>,
): string | null {
  let available = toCents(account.availableBalance)!;
  let dailyUsed = toCents(account.dailyUsed)!;
  if (stored && stored.payerAccountNo === account.accountNo) {
    const status = stored.status as InstructionStatus;
    if (PENDING_STATUSES.includes(status)) available += toCents(stored.amount)!;
    if (DAILY_STATUSES.includes(status) && stored.valueDate === valueDate) dailyUsed -= toCents(stored.amount)!;
  }
  const refusal = moneyRefusal(amount, {
    available: centsToDecimal(available),
    singleLimit: account.singleLimit,
    dailyLimit: answerDate === valueDate ? account.dailyLimit : null,
    dailyUsed: centsToDecimal(dailyUsed),
  });
  return refusal && instructionsApi.INSTRUCTION_MESSAGES[refusal];
}
