/** Display masking of account numbers and phone numbers (spec §3 "Display formats"). */

/** Account numbers up to this length are shown in full, longer ones masked. */
const ACCOUNT_NO_FULL_MAX = 10;

const compact = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, '');

/**
 * The whole number in groups of 4 ('1025 0010 0010 0001 4'), unmasked: for the screen where the
 * number itself is checked before money moves (the custodian's execution).
 */
export const groupAccountNo = (value: string | null | undefined): string => compact(value).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Short account numbers in groups of 4 ('1234 5678 90'); longer ones masked as
 * first 6 + '******' + last 4, written as three blocks ('622202 ****** 1234'),
 * the bank-console convention: regrouping by 4 would split the 6-digit prefix.
 * Whitespace in the input (an already grouped number) is ignored.
 */
export function formatAccountNo(value: string | null | undefined): string {
  const digits = compact(value);
  if (digits.length > ACCOUNT_NO_FULL_MAX) {
    return `${digits.slice(0, 6)} ****** ${digits.slice(-4)}`;
  }
  return groupAccountNo(digits);
}

/** An account named in a sentence, a title or an option: '华夏成长（622202 ****** 1234）', the number alone without a name. */
export function accountLabel(accountNo: string, name?: string | null): string {
  return name ? `${name}（${formatAccountNo(accountNo)}）` : formatAccountNo(accountNo);
}

/**
 * First 3 + '****' + last 4 ('138****5678'). Values under 8 characters cannot
 * keep 3 + 4 visible without exposing everything, so only the last 4 are kept.
 */
export function maskPhone(value: string | null | undefined): string {
  const phone = compact(value);
  if (phone === '') return '';
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : `****${phone.slice(-4)}`;
}
