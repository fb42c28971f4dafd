import { z } from 'zod';

/**
 * Form rules of spec §5 "Forms", as zod schemas (server and form resolvers) and
 * plain functions returning the spec message, or null when the value is valid.
 * They check format only: an empty value fails, so optional fields wrap the
 * schema in .optional() and required ones add the '{label}不能为空！' rule first.
 * Values are checked as given; the form builder trims inputs beforehand (§5).
 */

export const AMOUNT_MAX_INTEGER_DIGITS = 17;
export const AMOUNT_MAX_DECIMALS = 2;
export const AMOUNT_MESSAGE = '金额格式不合法（最大17位整数和2位小数）';
export const SIGN_DATA_MAX = 1024;
export const SIGN_DATA_MESSAGE = '验签数据过长，请检查或减少选中项！';
export const CSV_FORMAT_MESSAGE = '[Format Error]:你上传的不是Csv文件';

/**
 * Unsigned, '0' or no leading zero ('0.5' yes, '01.5' no), and a point only with
 * decimals after it ('1.' no). Amounts stay strings so 17 digits survive JSON.
 */
const AMOUNT_PATTERN = new RegExp(
  `^(?:0|[1-9]\\d{0,${AMOUNT_MAX_INTEGER_DIGITS - 1}})(?:\\.\\d{1,${AMOUNT_MAX_DECIMALS}})?$`,
);

export const amountSchema = z.string({ error: AMOUNT_MESSAGE }).regex(AMOUNT_PATTERN, AMOUNT_MESSAGE);

/** Length in UTF-16 code units, as the signing control and String#length count it. */
export const signDataSchema = z
  .string({ error: SIGN_DATA_MESSAGE })
  .max(SIGN_DATA_MAX, SIGN_DATA_MESSAGE);

/**
 * Judged by the file name's extension alone: IE11 and Edge (the only supported
 * browsers) report .csv files as 'application/vnd.ms-excel' or '' depending on
 * the installed Office, so the MIME type cannot tell a CSV from an Excel file.
 */
export const csvFileNameSchema = z
  .string({ error: CSV_FORMAT_MESSAGE })
  .regex(/\.csv$/i, CSV_FORMAT_MESSAGE);

// Each schema carries a single message, so a failed parse maps straight to it.
export const validateAmount = (value: unknown): string | null =>
  amountSchema.safeParse(value).success ? null : AMOUNT_MESSAGE;
export const validateSignData = (value: unknown): string | null =>
  signDataSchema.safeParse(value).success ? null : SIGN_DATA_MESSAGE;
export const validateCsvFileName = (name: unknown): string | null =>
  csvFileNameSchema.safeParse(name).success ? null : CSV_FORMAT_MESSAGE;
