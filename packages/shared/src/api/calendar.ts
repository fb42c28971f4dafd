import { z } from 'zod';
import { CALENDAR_DAY_KIND_LIST } from '../rules/business-calendar';
import { plainText } from '../rules/schema-primitives';
import { CSV_FORMAT_MESSAGE } from '../rules/validators';
import { isYmd } from '../rules/warning-feed';
import { uploadSchema } from './files';
import { defineOperation } from './operation';

/**
 * 托管行信息发布 › 工作日历: the bank's financial business days, kept by staff year by year
 * (rules/business-calendar.ts decides with them).
 */
const staff = { category: '工作日历', serviceId: 'zctg-custodian', audience: ['staff'], encrypt: true } as const;

export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2099;
export const CALENDAR_FILE_MAX_BYTES = 256 * 1024;
export const CALENDAR_DAY_NAME_MAX = 20;

const yearSchema = z.coerce
  .number({ error: '请选择年份' })
  .int('年份须为整数')
  .min(CALENDAR_YEAR_MIN, `年份须在${CALENDAR_YEAR_MIN}到${CALENDAR_YEAR_MAX}之间`)
  .max(CALENDAR_YEAR_MAX, `年份须在${CALENDAR_YEAR_MIN}到${CALENDAR_YEAR_MAX}之间`);

const dateSchema = z.string({ error: '请选择日期' }).refine(isYmd, '日期须为有效日期（yyyy-MM-dd）');
const kindSchema = z.enum(CALENDAR_DAY_KIND_LIST, { error: '日期类型须为节假日、调休上班或交易所休市' });

export const calendarDayNameSchema = plainText('名称不能包含控制字符')
  .trim()
  .min(1, '请输入名称')
  .max(CALENDAR_DAY_NAME_MAX, `名称不能超过${CALENDAR_DAY_NAME_MAX}个字符`);

export const calendarDaySchema = z.object({
  date: z.string(),
  kind: kindSchema,
  name: z.string(),
  /** The staff login that marked it. */
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type CalendarDayRecord = z.infer<typeof calendarDaySchema>;

/** `calendar/year?year=2026`: the days staff marked in one year, by date. */
export const calendarYear = defineOperation({
  ...staff,
  id: 'CALENDAR_YEAR',
  name: '工作日历（按年）',
  method: 'GET',
  path: '/{prefix}/calendar/year',
  authority: ['CALENDAR_MANAGE'],
  request: z.object({ year: yearSchema }),
  response: z.object({ year: z.number(), days: z.array(calendarDaySchema) }),
});

/** `calendar/day/save {date, kind, name}` marks one day. A 调休 workday must be a weekend day, an exchange closure a weekday. */
export const calendarDaySave = defineOperation({
  ...staff,
  id: 'CALENDAR_DAY_SAVE',
  name: '设置工作日历日期',
  method: 'POST',
  path: '/{prefix}/calendar/day/save',
  authority: ['CALENDAR_MANAGE'],
  antiReplay: true,
  request: z.object({ date: dateSchema, kind: kindSchema, name: calendarDayNameSchema }),
});

/** `calendar/day/clear {date}`: the day follows the week's rule again (Monday to Friday open). */
export const calendarDayClear = defineOperation({
  ...staff,
  id: 'CALENDAR_DAY_CLEAR',
  name: '恢复工作日历日期',
  method: 'POST',
  path: '/{prefix}/calendar/day/clear',
  authority: ['CALENDAR_MANAGE'],
  antiReplay: true,
  request: z.object({ date: dateSchema }),
});

export const calendarImportSchema = uploadSchema({ maxBytes: CALENDAR_FILE_MAX_BYTES, extensions: ['csv'], extensionMessage: CSV_FORMAT_MESSAGE }).safeExtend({
  year: yearSchema,
  /** Check only: the answer says what an import would do, and nothing is written. */
  preview: z.boolean({ error: 'preview须为true或false' }).default(false),
});

export const calendarImportResultSchema = z.object({
  /** `valid`: a preview found nothing wrong; `rejected`: nothing written, see `errors`; `imported`: the year replaced. */
  outcome: z.enum(['valid', 'rejected', 'imported']),
  year: z.number(),
  rowCount: z.number(),
  holidays: z.number(),
  workdays: z.number(),
  exchangeClosures: z.number(),
  errors: z.array(z.object({ rowNo: z.number(), reason: z.string() })),
  message: z.string(),
});
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;

/**
 * `calendar/import {year, file}`: the year's published schedule as CSV (日期,类型,名称), checked row
 * by row; it replaces the year's marked days all or nothing.
 */
export const calendarImport = defineOperation({
  ...staff,
  id: 'CALENDAR_IMPORT',
  name: '导入工作日历（CSV）',
  method: 'POST',
  path: '/{prefix}/calendar/import',
  authority: ['CALENDAR_MANAGE'],
  kind: 'upload',
  maxBytes: CALENDAR_FILE_MAX_BYTES,
  antiReplay: true,
  request: calendarImportSchema,
  response: calendarImportResultSchema,
});
