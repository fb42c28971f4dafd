import { z } from 'zod';
import { CODE_TABLES } from '../rules/code-tables';
import { NOTICE_HOURS_MAX, isCutoffTime } from '../rules/cutoff';
import { defineOperation } from './operation';

/**
 * 托管行信息发布 › 截止时间: the cut-off of each instruction type and currency, kept by the
 * custodian's staff (rules/cutoff.ts decides with them and the business calendar), and what entry
 * needs of them and the calendar to offer a value date.
 */
const staff = { category: '截止时间', serviceId: 'zctg-custodian', audience: ['staff'], encrypt: true } as const;

const INSTRUCTION_TYPES = Object.keys(CODE_TABLES.instructionType) as [string, ...string[]];
const CURRENCIES = Object.keys(CODE_TABLES.currencyName) as [string, ...string[]];

export const cutoffSettingSchema = z.object({
  /** `CODE_TABLES.instructionType` code. */
  type: z.string(),
  currency: z.string(),
  /** HH:mm, Beijing time, on the value date. */
  cutoffTime: z.string(),
  /** Working hours before it by which the instruction must be through; 0: none. */
  noticeHours: z.number(),
});

export const cutoffRecordSchema = cutoffSettingSchema.extend({
  /** The staff login that last set it; 'system' for the default. */
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type CutoffRecord = z.infer<typeof cutoffRecordSchema>;

/** `cutoff/list`: every type and currency's cut-off. */
export const cutoffList = defineOperation({
  ...staff,
  id: 'CUTOFF_LIST',
  name: '指令截止时间列表',
  method: 'GET',
  path: '/{prefix}/cutoff/list',
  authority: ['CUTOFF_MANAGE'],
  response: z.array(cutoffRecordSchema),
});

export const cutoffSaveSchema = z.object({
  type: z.enum(INSTRUCTION_TYPES, { error: '请选择正确的指令类型' }),
  currency: z.enum(CURRENCIES, { error: '请选择正确的币种' }),
  cutoffTime: z.string({ error: '请输入截止时间' }).refine(isCutoffTime, '截止时间格式须为HH:mm（00:00至23:59）'),
  noticeHours: z.coerce
    .number({ error: '请输入提前工作小时数' })
    .int('提前工作小时数须为整数')
    .min(0, `提前工作小时数须在0到${NOTICE_HOURS_MAX}之间`)
    .max(NOTICE_HOURS_MAX, `提前工作小时数须在0到${NOTICE_HOURS_MAX}之间`),
});

/** `cutoff/save {type, currency, cutoffTime, noticeHours}`: one type and currency's cut-off, audited with before and after. */
export const cutoffSave = defineOperation({
  ...staff,
  id: 'CUTOFF_SAVE',
  name: '设置指令截止时间',
  method: 'POST',
  path: '/{prefix}/cutoff/save',
  authority: ['CUTOFF_MANAGE'],
  antiReplay: true,
  request: cutoffSaveSchema,
  response: cutoffRecordSchema,
});

/** How far ahead `instruction/custodyDay` lists the marked days (a value date picker's reach). */
export const CUSTODY_DAY_AHEAD_DAYS = 400;

/**
 * `instruction/custodyDay`: the server's now (the instant every value date and cut-off is judged
 * at), today, the cut-offs and the calendar's marked days from today on, so that entry offers
 * the value date the server will accept and greys the days it would refuse.
 */
export const custodyDay = defineOperation({
  category: '指令管理',
  serviceId: 'zctg-customer',
  audience: ['customer'],
  encrypt: true,
  id: 'INSTRUCTION_CUSTODY_DAY',
  name: '指令截止时间与工作日',
  method: 'GET',
  path: '/{prefix}/instruction/custodyDay',
  authority: ['INSTRUCTION_ENTRY'],
  response: z.object({
    now: z.string(),
    today: z.string(),
    cutoffs: z.array(cutoffSettingSchema),
    days: z.array(z.object({ date: z.string(), kind: z.enum(['holiday', 'workday', 'exchangeClosed']), name: z.string() })),
  }),
});
