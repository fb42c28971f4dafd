import { z } from 'zod';

/** C0 controls and DEL: PostgreSQL refuses NUL in text, and none of them belongs in a name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符';

/**
 * Unicode format characters (category Cf: bidi overrides and isolates, zero-width marks, the BOM):
 * invisible, and U+202E makes `付款gpj.exe` read as `付款exe.jpg`. Names, identifiers and file
 * names refuse them; free text shows them inert.
 */
export const FORMAT_CHARACTERS = /\p{Cf}/u;

/**
 * A UTF-16 surrogate without its pair: no character at all, and PostgreSQL refuses it in jsonb.
 * (String.prototype.isWellFormed says the same, from ES2024 on.)
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const ILL_FORMED_TEXT_MESSAGE = '请求包含无法识别的字符，请检查输入内容';

/** Whether a string holds a lone surrogate. */
export const isIllFormed = (value: string): boolean => value.search(LONE_SURROGATE) !== -1;

/** The string with each lone surrogate replaced by U+FFFD, as a UTF-8 encoder writes it. */
export const wellFormed = (value: string): string => value.replace(LONE_SURROGATE, '\uFFFD');

/** The largest PostgreSQL `integer` (int4): ids beyond it cannot name a row and make the query fail. */
export const INT4_MAX = 2_147_483_647;

export const INT4_ID_MESSAGE = `编号须为1到${INT4_MAX}之间的整数`;

/**
 * A string without control characters (U+0000–U+001F, U+007F) or format characters (Cf). Chain
 * the field's own rules after it (`plainText().trim().min(1).max(64)`); `message` names the field
 * when the default is too vague.
 */
export const plainText = (message: string = CONTROL_CHARACTER_MESSAGE) =>
  z.string().refine((value) => !CONTROL_CHARACTERS.test(value) && !FORMAT_CHARACTERS.test(value), { message, abort: true });

/** A row id that fits PostgreSQL int4: an integer from 1 to 2147483647. */
export const int4Id = (message: string = INT4_ID_MESSAGE) =>
  z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);
