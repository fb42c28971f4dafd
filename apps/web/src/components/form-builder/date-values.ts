import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Stored dates are strings in the dictionary pattern ('20240630' too), which plain dayjs cannot read.
dayjs.extend(customParseFormat);

/**
 * Dates live in the form as strings in the dictionary format, the way they are sent and
 * received; the pickers see dayjs objects. These convert at the picker's edge.
 */
export function parseDate(value: unknown, format: string): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value, format, true);
  return parsed.isValid() ? parsed : null;
}

export function formatDateValue(value: Dayjs | null | undefined, format: string): string | null {
  return value ? value.format(format) : null;
}

export function parseDateRange(value: unknown, format: string): [Dayjs, Dayjs] | null {
  if (!Array.isArray(value)) return null;
  const [start, end] = value.map((part) => parseDate(part, format));
  return start && end ? [start, end] : null;
}

export function formatDateRange(
  value: readonly (Dayjs | null | undefined)[] | null | undefined,
  format: string,
): [string, string] | null {
  const start = formatDateValue(value?.[0], format);
  const end = formatDateValue(value?.[1], format);
  return start && end ? [start, end] : null;
}
