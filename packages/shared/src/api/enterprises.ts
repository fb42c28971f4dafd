import { z } from 'zod';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { filterText, pageOf, pageQuery } from './paging';
import { enterpriseNoSchema, nickNameSchema, usernameSchema } from './users';

const base = { category: '企业与用户管理', serviceId: 'zctg-customer', audience: ['staff'] } as const;

/** The kinds of enterprise the bank serves, with their Chinese labels. */
export const ENTERPRISE_TYPES = {
  fund_manager: '基金管理人',
  insurer: '保险公司',
  corporate: '企业',
  third_party: '第三方机构',
  bank: '银行',
} as const;
export type EnterpriseType = keyof typeof ENTERPRISE_TYPES;

const TYPE_MESSAGE = '企业类型须为基金管理人、保险公司、企业、第三方机构或银行';
export const enterpriseTypeSchema = z.enum(Object.keys(ENTERPRISE_TYPES) as [EnterpriseType, ...EnterpriseType[]], { error: TYPE_MESSAGE });

export const enterpriseNameSchema = plainText('企业名称不能包含控制字符')
  .trim()
  .min(1, '请输入企业名称')
  .max(100, '企业名称不能超过100个字符');

export const enterpriseSchema = z.object({
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  enterpriseType: enterpriseTypeSchema,
  enterpriseTypeName: z.string(),
  /** 1 in service, 0 disabled (its users cannot log in). */
  status: z.number(),
  /** Seats (user numbers) in the enterprise. */
  userCount: z.number(),
  createdAt: z.string(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const enterpriseQuerySchema = z.object({
  ...pageQuery,
  enterpriseNo: filterText('企业编号', 10),
  enterpriseName: filterText('企业名称', 100),
  enterpriseType: enterpriseTypeSchema.optional(),
});

/** The enterprises, paged; filters are contains-matches, case-insensitive. */
export const enterpriseList = defineOperation({
  ...base,
  id: 'ENTERPRISE_LIST',
  name: '企业列表（分页）',
  method: 'GET',
  path: '/{prefix}/enterprise',
  authority: ['ENTERPRISE_MANAGE', 'USER_MANAGE'],
  encrypt: true,
  request: enterpriseQuerySchema,
  response: pageOf(enterpriseSchema),
});

/** Every enterprise in service, for pickers (the user form's enterprise). */
export const enterpriseAll = defineOperation({
  ...base,
  id: 'ENTERPRISE_ALL',
  name: '全部在用企业',
  method: 'GET',
  path: '/{prefix}/enterprise/all',
  authority: ['ENTERPRISE_MANAGE', 'USER_MANAGE', 'GATEWAY_ADMIN'],
  encrypt: true,
  response: z.array(z.object({ enterpriseNo: z.string(), enterpriseName: z.string(), enterpriseType: enterpriseTypeSchema })),
});

export const enterpriseAddSchema = z.object({
  enterpriseNo: enterpriseNoSchema,
  enterpriseName: enterpriseNameSchema,
  enterpriseType: enterpriseTypeSchema,
  /** The enterprise's first administrator: a new login with one seat in it. */
  adminUsername: usernameSchema,
  adminNickName: nickNameSchema,
});

/**
 * A new enterprise with its first administrator's seat. The administrator's initial password
 * is in this answer only (never stored in the clear, never shown again) and must be changed
 * at the first login.
 */
export const enterpriseAdd = defineOperation({
  ...base,
  id: 'ENTERPRISE_ADD',
  // The answer carries a one-time password.
  pinned: ['encrypted'],
  name: '新增企业（含首个管理员）',
  method: 'POST',
  path: '/{prefix}/enterprise/add',
  authority: ['ACTION_enterpriseAdd'],
  encrypt: true,
  antiReplay: true,
  request: enterpriseAddSchema,
  response: z.object({ enterpriseNo: z.string(), userId: z.number(), userNo: z.string(), username: z.string(), initialPassword: z.string() }),
});

export const enterpriseUpdateSchema = z.object({
  enterpriseNo: enterpriseNoSchema,
  enterpriseName: enterpriseNameSchema,
  enterpriseType: enterpriseTypeSchema,
});

export const enterpriseUpdate = defineOperation({
  ...base,
  id: 'ENTERPRISE_UPDATE',
  name: '修改企业',
  method: 'POST',
  path: '/{prefix}/enterprise/update',
  authority: ['ACTION_enterpriseEdit'],
  encrypt: true,
  antiReplay: true,
  request: enterpriseUpdateSchema,
});

const enterpriseRef = z.object({ enterpriseNo: enterpriseNoSchema });

/** Takes an enterprise out of service: its users can no longer log in, live sessions end. */
export const enterpriseDisable = defineOperation({
  ...base,
  id: 'ENTERPRISE_DISABLE',
  name: '停用企业（结束其用户的会话）',
  method: 'POST',
  path: '/{prefix}/enterprise/disable',
  authority: ['ACTION_enterpriseDisable'],
  encrypt: true,
  antiReplay: true,
  request: enterpriseRef,
});

export const enterpriseEnable = defineOperation({
  ...base,
  id: 'ENTERPRISE_ENABLE',
  name: '启用企业',
  method: 'POST',
  path: '/{prefix}/enterprise/enable',
  authority: ['ACTION_enterpriseDisable'],
  encrypt: true,
  antiReplay: true,
  request: enterpriseRef,
});

/** Only an enterprise without seats can be deleted; one with users can only be disabled. */
export const enterpriseDelete = defineOperation({
  ...base,
  id: 'ENTERPRISE_DELETE',
  name: '删除企业（仅限无用户的企业）',
  method: 'POST',
  path: '/{prefix}/enterprise/delete',
  authority: ['ACTION_enterpriseDisable'],
  encrypt: true,
  antiReplay: true,
  request: enterpriseRef,
});
