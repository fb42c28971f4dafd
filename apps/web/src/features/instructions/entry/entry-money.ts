import { centsToDecimal, DAILY_STATUSES, instructionsApi, moneyRefusal, PENDING_STATUSES, toCents, type InstructionRecord, type InstructionStatus, type PayerAccount } from '@portal/shared';

type Stored = Pick<InstructionRecord, 'payerAccountNo' | 'amount' | 'status' | 'valueDate'>;

/**
 * The account's available balance and the day's use of its daily limit as `stored` (the
 * instruction being edited) meets them: left out as the server leaves it out (it holds its stored
 * amount while refused; it counts on its stored value date). Cents.
 */
function moneyBeside(account: PayerAccount, valueDate: string, stored: Stored | undefined) {
  let available = toCents(account.availableBalance)!;
  let dailyUsed = toCents(account.dailyUsed)!;
  if (stored && stored.payerAccountNo === account.accountNo) {
    const status = stored.status as InstructionStatus;
    if (PENDING_STATUSES.includes(status)) available += toCents(stored.amount)!;
    if (DAILY_STATUSES.includes(status) && stored.valueDate === valueDate) dailyUsed -= toCents(stored.amount)!;
  }
  return { available, dailyUsed };
}

/**
 * Why the server would refuse to submit `amount` out of `account` (its message), or null: the
 * shared money rule over the payer accounts' answer. `answerDate` is the value date the answer's
 * daily use is for: when it is not the form's (still loading), the daily limit is left to the server.
 */
export function entryRefusal(amount: string, valueDate: string, account: PayerAccount, answerDate: string, stored?: Stored): string | null {
  const { available, dailyUsed } = moneyBeside(account, valueDate, stored);
  const refusal = moneyRefusal(amount, {
    available: centsToDecimal(available),
    singleLimit: account.singleLimit,
    dailyLimit: answerDate === valueDate ? account.dailyLimit : null,
    dailyUsed: centsToDecimal(dailyUsed),
  });
  return refusal && instructionsApi.INSTRUCTION_MESSAGES[refusal];
}

/** The available balance once this instruction is held too (decimal), or null while the amount is not a valid one. */
export function availableAfter(amount: string | undefined, valueDate: string, account: PayerAccount, stored?: Stored): string | null {
  const cents = amount === undefined ? null : toCents(amount);
  if (cents === null || cents <= 0n) return null;
  return centsToDecimal(moneyBeside(account, valueDate, stored).available - cents);
}
