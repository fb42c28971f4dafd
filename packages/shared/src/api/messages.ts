import { z } from 'zod';
import { int4Id } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { pageOf, pageQuery } from './paging';

/**
 * 消息中心 (issue 29): every logged-in user's notifications — delivered reports, reconciliation
 * reminders, warnings, risk notices and the instruction events that concern the seat — with the
 * unread count the top bar's bell shows, and per kind whether each also goes by e-mail
 * (docs/features/reports-and-messages.md). Every call is the seat's own: nobody reads another's.
 */
const base = { category: '消息中心', serviceId: 'zctg-customer', audience: ['customer', 'staff'], method: 'POST', encrypt: true } as const;

export const MESSAGE_KINDS = ['report', 'reconciliation', 'warning', 'riskNotice', 'instruction'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  report: '报表送达',
  reconciliation: '对账提醒',
  warning: '预警信息',
  riskNotice: '风险提示',
  instruction: '指令动态',
};
export const MESSAGE_READ_MAX_IDS = 500;

const kindSchema = z.enum(MESSAGE_KINDS, { error: '请选择正确的消息类型' });
const messageId = int4Id('消息编号不正确');

export const messageSchema = z.object({
  id: z.number(),
  kind: kindSchema,
  title: z.string(),
  body: z.string(),
  /** A console path the item opens, or ''. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** `message/query`: the seat's notifications, newest first, with its unread total (the bell). */
export const messageQuery = defineOperation({
  ...base,
  id: 'MESSAGE_QUERY',
  name: '消息列表（分页）',
  path: '/{prefix}/message/query',
  request: z.object({ ...pageQuery, kind: kindSchema.optional(), read: z.enum(['read', 'unread'], { error: '阅读状态须为read或unread' }).optional() }),
  response: pageOf(messageSchema).safeExtend({ unread: z.number() }),
});

/** `message/read`: marks the given notifications (or, with `all`, every unread one) read. */
export const messageRead = defineOperation({
  ...base,
  id: 'MESSAGE_READ',
  name: '消息标记已读',
  path: '/{prefix}/message/read',
  request: z
    .object({
      ids: z.array(messageId, { error: '请选择消息' }).max(MESSAGE_READ_MAX_IDS, `一次最多标记${MESSAGE_READ_MAX_IDS}条`).default([]),
      all: z.boolean({ error: 'all须为布尔值' }).default(false),
    })
    .refine((v) => v.all || v.ids.length > 0, { message: '请选择消息', path: ['ids'] }),
  response: z.object({ marked: z.number(), unread: z.number() }),
});

const preferenceSchema = z.object({ kind: kindSchema, email: z.boolean({ error: 'email须为布尔值' }) });
export type MessagePreference = z.infer<typeof preferenceSchema>;

/** `message/preferences`: per kind, whether it also goes by e-mail, and the address it would go to. */
export const messagePreferences = defineOperation({
  ...base,
  id: 'MESSAGE_PREFERENCES',
  name: '消息提醒设置',
  path: '/{prefix}/message/preferences',
  response: z.object({ email: z.string(), mailEnabled: z.boolean(), kinds: z.array(preferenceSchema) }),
});

/** `message/preferences/save`: sets the e-mail choice of the kinds given. */
export const messagePreferencesSave = defineOperation({
  ...base,
  id: 'MESSAGE_PREFERENCES_SAVE',
  antiReplay: true,
  name: '保存消息提醒设置',
  path: '/{prefix}/message/preferences/save',
  request: z.object({ kinds: z.array(preferenceSchema, { error: '请选择消息类型' }).min(1, '请选择消息类型').max(MESSAGE_KINDS.length, '消息类型重复') }),
  response: z.object({ email: z.string(), mailEnabled: z.boolean(), kinds: z.array(preferenceSchema) }),
});
