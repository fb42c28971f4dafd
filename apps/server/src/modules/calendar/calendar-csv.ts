import { CALENDAR_DAY_KINDS, calendarApi, calendarKindProblem, csvCells, isYmd, type CalendarDay, type CalendarDayKind } from '@portal/shared';

/**
 * The yearly schedule file staff import (docs/features/business-calendar.md): a header
 * `日期,类型,名称`, then one line per marked day; 类型 is 节假日, 调休上班 or 交易所休市.
 */
export const CALENDAR_CSV_HEADER = ['日期', '类型', '名称'] as const;

const KIND_BY_LABEL = new Map(Object.entries(CALENDAR_DAY_KINDS).map(([kind, label]) => [label as string, kind as CalendarDayKind]));

export interface ParsedCalendar {
  /** A problem with the file as a whole (no header, no rows): nothing else is checked. */
  fileError: string | null;
  days: (CalendarDay & { rowNo: number })[];
  errors: { rowNo: number; reason: string }[];
  rowCount: number;
}

export function parseCalendarCsv(text: string, year: number): ParsedCalendar {
  const lines = text.split(/\r\n|\n|\r/);
  const header = csvCells(lines[0] ?? '').map((c) => c.trim());
  const days: ParsedCalendar['days'] = [];
  const errors: ParsedCalendar['errors'] = [];
  if (header.length !== CALENDAR_CSV_HEADER.length || header.some((cell, i) => cell !== CALENDAR_CSV_HEADER[i])) {
    return { fileError: `文件首行须为表头“${CALENDAR_CSV_HEADER.join(',')}”`, days, errors, rowCount: 0 };
  }
  const firstSeen = new Map<string, number>();
  let rowCount = 0;
  lines.slice(1).forEach((line, index) => {
    const rowNo = index + 2;
    if (/^[,\s]*$/.test(line)) return;
    rowCount += 1;
    const fail = (reason: string) => errors.push({ rowNo, reason });
    const cells = csvCells(line).map((c) => c.trim());
    if (cells.length !== CALENDAR_CSV_HEADER.length) return fail('格式错误：每行应为“日期,类型,名称”三列');
    const [date = '', label = '', name = ''] = cells;
    if (!isYmd(date)) return fail(date === '' ? '日期为空' : '日期须为有效日期（yyyy-MM-dd）');
    if (!date.startsWith(`${year}-`)) return fail(`日期须在${year}年内`);
    const kind = KIND_BY_LABEL.get(label);
    if (!kind) return fail('类型须为节假日、调休上班或交易所休市');
    const parsedName = calendarApi.calendarDayNameSchema.safeParse(name);
    if (!parsedName.success) return fail(parsedName.error.issues[0]?.message ?? '名称不正确');
    const problem = calendarKindProblem(date, kind);
    if (problem) return fail(problem);
    const earlier = firstSeen.get(date);
    if (earlier !== undefined) return fail(`文件中日期重复（与第${earlier}行相同）`);
    firstSeen.set(date, rowNo);
    days.push({ rowNo, date, kind, name: parsedName.data });
  });
  if (rowCount === 0) return { fileError: '文件中没有数据行', days, errors, rowCount };
  return { fileError: null, days, errors, rowCount };
}
