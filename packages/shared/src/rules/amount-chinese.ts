import { toCents, type AmountInput } from './decimal';
import { AMOUNT_MAX_INTEGER_DIGITS } from './validators';

const NUMERALS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'] as const;

const numeral = (digit: number | bigint): string => NUMERALS.charAt(Number(digit));

/** 1..9999 without leading zeros: one 零 per run of inner zeros, trailing zeros silent. */
function spellUnderTenThousand(digits: string): string {
  let out = '';
  let zeroPending = false;
  for (const [index, char] of [...digits].entries()) {
    if (char === '0') {
      zeroPending = true;
      continue;
    }
    if (zeroPending) out += '零';
    zeroPending = false;
    out += numeral(Number(char)) + (SMALL_UNITS[digits.length - 1 - index] ?? '');
  }
  return out;
}

/**
 * Positive integer (no leading zeros) in the Chinese myriad scheme: split at 亿
 * (10^8), then 万 (10^4), recursively, so 10^12 reads 壹万亿, 10^16 壹亿亿 and
 * 1234 5678 0000 0000 reads 壹仟贰佰叁拾肆万伍仟陆佰柒拾捌亿 (亿 is shared, never
 * repeated as 万亿…亿). A lower part with a leading zero is joined by one 零.
 */
function spellInteger(digits: string): string {
  for (const [width, unit] of [[8, '亿'], [4, '万']] as const) {
    if (digits.length <= width) continue;
    const low = digits.slice(-width);
    const rest = low.replace(/^0+/, '');
    const head = spellInteger(digits.slice(0, -width)) + unit;
    if (rest === '') return head;
    return head + (rest.length < width ? '零' : '') + spellInteger(rest);
  }
  return spellUnderTenThousand(digits);
}

/**
 * Uppercase Chinese amount per the PBoC rules for bills (《正确填写票据和结算凭证的基本规定》):
 * - 壹拾 is written out (10 -> 壹拾元整); inner zero runs give one 零 (100000001.10 -> 壹亿零壹元壹角);
 * - '整' follows an amount ending at 元; it is omitted after 角 (optional there) and never follows 分;
 * - 角 zero with 分 non-zero writes 零 after 元 (1.05 -> 壹元零伍分); a zero 元 digit before 角
 *   writes none (10.50 -> 壹拾元伍角), the rule's other permitted form;
 * - amounts below 1 start at 角/分 (0.05 -> 伍分); zero is 零元整.
 * Rounds to cents like formatAmount. Negatives get the prefix 负 (no bill rule covers
 * them; a statement shows the sign rather than hiding it). Input that is not a
 * decimal, or has more than 17 integer digits, gives ''.
 */
export function amountToChinese(value: AmountInput | null | undefined): string {
  const cents = toCents(value);
  if (cents === null) return '';
  const magnitude = cents < 0n ? -cents : cents;
  const yuan = (magnitude / 100n).toString();
  if (yuan.length > AMOUNT_MAX_INTEGER_DIGITS) return '';
  const jiao = (magnitude / 10n) % 10n;
  const fen = magnitude % 10n;

  let out = yuan === '0' ? '' : `${spellInteger(yuan)}元`;
  if (jiao === 0n && fen === 0n) {
    out = `${out || '零元'}整`;
  } else {
    if (jiao !== 0n) out += `${numeral(jiao)}角`;
    else if (out !== '') out += '零';
    if (fen !== 0n) out += `${numeral(fen)}分`;
  }
  return cents < 0n ? `负${out}` : out;
}
