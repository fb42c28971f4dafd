import { z } from 'zod';
import { CODE_TABLES } from '../rules/code-tables';
import { int4Id, plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';

/**
 * Risk notices (issue 13): the bank's staff write, publish and withdraw them; customers read the
 * ones addressed to their enterprise (or to every customer) and each seat's reading is recorded.
 * Bodies are rich text, cleaned by the server before they are stored (docs/features/risk-notices.md).
 */
const customer = { category: '风险提示', serviceId: 'zctg-customer', audience: ['customer'], method: 'POST', encrypt: true } as const;
const staff = { category: '风险提示发布', serviceId: 'zctg-custodian', audience: ['staff'], method: 'POST', encrypt: true } as const;

export const NOTICE_TITLE_MAX = 100;
/** The cleaned HTML; pasted pictures travel inside it as data URLs, so it may be large. */
export const NOTICE_BODY_MAX = 2_000_000;
export const NOTICE_READERS_MAX_IDS = 500;

const LEVELS = Object.keys(CODE_TABLES.riskLevel) as [string, ...string[]];
type NoticeStatusCode = keyof typeof CODE_TABLES.noticeStatus;
const STATUSES = Object.keys(CODE_TABLES.noticeStatus) as [NoticeStatusCode, ...NoticeStatusCode[]];
/** 紧急: opens a dialog the reader must acknowledge, on arrival and at each login until read. */
export const URGENT_LEVEL = '3';

const noticeId = int4Id('风险提示编号不正确');
export const noticeLevelSchema = z.enum(LEVELS, { error: '请选择正确的提示级别' });
const readState = z.enum(['read', 'unread'], { error: '阅读状态须为read或unread' }).optional();

/** One notice as a customer's list shows it. Times are ISO strings. */
export const customerNoticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** `CODE_TABLES.riskLevel` code. */
  level: z.string(),
  publishedAt: z.string(),
  expireAt: z.string(),
  expired: z.boolean(),
  /** When this seat read it, or null. */
  readAt: z.string().nullable(),
  /** Not read by this seat and not expired: marked 未读 and counted by the bell and RiskCount. */
  unread: z.boolean(),
});
export type CustomerNotice = z.infer<typeof customerNoticeSchema>;

export const customerQuerySchema = z.object({
  ...pageQuery,
  title: filterText('标题', NOTICE_TITLE_MAX),
  level: noticeLevelSchema.optional(),
  read: readState,
});

/** `risk/notice/query`: the notices addressed to the seat's enterprise, newest first; withdrawn ones never. */
export const noticeQuery = defineOperation({
  ...customer,
  id: 'RISK_NOTICE_QUERY',
  partner: 'read',
  name: '风险提示列表（分页）',
  path: '/{prefix}/risk/notice/query',
  authority: ['RISK_VIEW'],
  request: customerQuerySchema,
  response: pageOf(customerNoticeSchema).safeExtend({ unread: z.number() }),
});

/**
 * `risk/notice/detail`: one notice with its body; reading it records the seat's read receipt,
 * except with `markRead: false` (the urgent dialog, which records it when the reader acknowledges).
 */
export const noticeDetail = defineOperation({
  ...customer,
  id: 'RISK_NOTICE_DETAIL',
  partner: 'read',
  name: '风险提示详情',
  path: '/{prefix}/risk/notice/detail',
  authority: ['RISK_VIEW'],
  request: z.object({ id: noticeId, markRead: z.boolean({ error: 'markRead须为布尔值' }).default(true) }),
  response: customerNoticeSchema.safeExtend({ body: z.string() }),
});

/** `risk/notice/read`: marks the given notices (or, with `all`, every visible one) read for the seat. */
export const noticeRead = defineOperation({
  ...customer,
  id: 'RISK_NOTICE_READ',
  name: '风险提示标记已读',
  path: '/{prefix}/risk/notice/read',
  authority: ['RISK_VIEW'],
  request: z
    .object({
      ids: z.array(noticeId, { error: '请选择风险提示' }).max(NOTICE_READERS_MAX_IDS, `一次最多标记${NOTICE_READERS_MAX_IDS}条`).default([]),
      all: z.boolean({ error: 'all须为布尔值' }).default(false),
    })
    .refine((v) => v.all || v.ids.length > 0, { message: '请选择风险提示', path: ['ids'] }),
  response: z.object({ marked: z.number() }),
});

/** Spec-style audience: every customer enterprise, or the chosen ones. */
export const NOTICE_AUDIENCES = ['all', 'chosen'] as const;

/** What staff write. `expireAt` is an ISO time with its offset. */
export const noticeFields = {
  title: plainText('标题不能包含控制字符').trim().min(1, '请输入标题').max(NOTICE_TITLE_MAX, `标题不能超过${NOTICE_TITLE_MAX}个字符`),
  body: z.string({ error: '请输入正文' }).min(1, '请输入正文').max(NOTICE_BODY_MAX, '正文过长，请精简内容或压缩图片'),
  level: noticeLevelSchema,
  audience: z.enum(NOTICE_AUDIENCES, { error: '请选择发布范围' }),
  enterpriseNos: z.array(z.string().regex(/^\d{10}$/, '企业编号须为10位数字'), { error: '请选择企业' }).max(1_000, '一次最多选择1000家企业').default([]),
  expireAt: z.iso.datetime({ offset: true, error: '失效时间格式不正确' }),
};

const noticeInput = z
  .object(noticeFields)
  .refine((v) => v.audience === 'all' || v.enterpriseNos.length > 0, { message: '请选择发布对象企业', path: ['enterpriseNos'] });

/** One notice as staff see it: with its audience and reading figures. */
export const staffNoticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  level: z.string(),
  /** `CODE_TABLES.noticeStatus` code. */
  status: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  enterprises: z.array(z.object({ enterpriseNo: z.string(), enterpriseName: z.string() })),
  expireAt: z.string(),
  expired: z.boolean(),
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  /** Seats that may read it (customer seats holding RISK_VIEW in its audience) and those that have. */
  audienceCount: z.number(),
  readCount: z.number(),
  version: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffNotice = z.infer<typeof staffNoticeSchema>;

/** `custodian/risk/notice/add`: a draft; nobody sees it before it is published. */
export const noticeAdd = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_ADD',
  name: '新增风险提示',
  path: '/{prefix}/custodian/risk/notice/add',
  authority: ['RISK_PUBLISH'],
  antiReplay: true,
  request: noticeInput,
  response: staffNoticeSchema,
});

/** `custodian/risk/notice/update`: a draft only (a published notice is withdrawn and written again). */
export const noticeUpdate = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_UPDATE',
  name: '修改风险提示',
  path: '/{prefix}/custodian/risk/notice/update',
  authority: ['RISK_PUBLISH'],
  antiReplay: true,
  request: z
    .object({ id: noticeId, version: z.number({ error: '版本号不正确' }).int('版本号不正确').min(0, '版本号不正确'), ...noticeFields })
    .refine((v) => v.audience === 'all' || v.enterpriseNos.length > 0, { message: '请选择发布对象企业', path: ['enterpriseNos'] }),
  response: staffNoticeSchema,
});

/** `custodian/risk/notice/publish`: a draft becomes visible to its audience now; an urgent one is pushed. */
export const noticePublish = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_PUBLISH',
  name: '发布风险提示',
  path: '/{prefix}/custodian/risk/notice/publish',
  authority: ['RISK_PUBLISH'],
  antiReplay: true,
  request: z.object({ id: noticeId }),
  response: staffNoticeSchema,
});

/** `custodian/risk/notice/withdraw`: a published notice disappears from every customer's list. */
export const noticeWithdraw = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_WITHDRAW',
  name: '撤回风险提示',
  path: '/{prefix}/custodian/risk/notice/withdraw',
  authority: ['RISK_PUBLISH'],
  antiReplay: true,
  request: z.object({ id: noticeId, reason: plainText('撤回原因不能包含控制字符').trim().min(1, '请输入撤回原因').max(200, '撤回原因不能超过200个字符') }),
  response: staffNoticeSchema,
});

/** `custodian/risk/notice/query`: every notice, newest first: drafts (latest change first), then by publishing time. */
export const noticeStaffQuery = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_QUERY',
  name: '风险提示管理列表（分页）',
  path: '/{prefix}/custodian/risk/notice/query',
  authority: ['RISK_PUBLISH'],
  request: z.object({
    ...pageQuery,
    title: filterText('标题', NOTICE_TITLE_MAX),
    level: noticeLevelSchema.optional(),
    status: z.enum(STATUSES, { error: '请选择正确的状态' }).optional(),
  }),
  response: pageOf(staffNoticeSchema),
});

/** `custodian/risk/notice/detail`: one notice with its body, for editing and preview. */
export const noticeStaffDetail = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_DETAIL',
  name: '风险提示管理详情',
  path: '/{prefix}/custodian/risk/notice/detail',
  authority: ['RISK_PUBLISH'],
  request: z.object({ id: noticeId }),
  response: staffNoticeSchema.safeExtend({ body: z.string() }),
});

export const noticeReaderSchema = z.object({
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  userNo: z.string(),
  nickName: z.string(),
  readAt: z.string().nullable(),
});
export type NoticeReader = z.infer<typeof noticeReaderSchema>;

/** `custodian/risk/notice/readers`: the audience's seats, who has read the notice and who has not. */
export const noticeReaders = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_READERS',
  name: '风险提示阅读情况',
  path: '/{prefix}/custodian/risk/notice/readers',
  authority: ['RISK_PUBLISH'],
  request: z.object({ ...pageQuery, id: noticeId, read: readState }),
  response: pageOf(noticeReaderSchema).safeExtend({ audienceCount: z.number(), readCount: z.number() }),
});

/** `custodian/risk/notice/enterprises`: the customer enterprises a notice may be addressed to (the audience picker). */
export const noticeEnterprises = defineOperation({
  ...staff,
  id: 'CUSTODIAN_RISK_NOTICE_ENTERPRISES',
  name: '风险提示可选企业',
  path: '/{prefix}/custodian/risk/notice/enterprises',
  authority: ['RISK_PUBLISH'],
  response: z.array(z.object({ enterpriseNo: z.string(), enterpriseName: z.string() })),
});
