import { z } from 'zod';
import { INT4_MAX, plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { orHeld } from './held';

/** The gateway's own operations: bank staff only, never disabled. */
const base = {
  category: 'API网关管理',
  serviceId: 'zctg-gateway',
  audience: ['staff'],
  pinned: ['enabled'],
} as const;

export const FLAG_FIELDS = ['status', 'isEncrypt', 'isAra', 'isAuth', 'isOpen'] as const;
export type FlagField = (typeof FLAG_FIELDS)[number];

const flag = (label: string) => z.union([z.literal(0), z.literal(1)], { error: `${label}取值须为0或1` });

/** Canonical: segments of letters, digits, `_` and `-`; no trailing slash, `//`, dots or escapes. */
export const apiPathSchema = plainText()
  .trim()
  .min(1, '请输入接口路径')
  .max(200, '接口路径不能超过200个字符')
  .regex(/^(\/[A-Za-z0-9_-]+)+$/, '接口路径须以/开头，各段仅含字母、数字、_和-，不能以/结尾，不能含//、.、%');

/** Spec §3 "API definition" as staff enter it. */
export const apiFieldsSchema = z.object({
  apiCode: plainText()
    .trim()
    .min(1, '请输入接口编码')
    .max(64, '接口编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '接口编码只能包含字母、数字和下划线'),
  apiName: plainText().trim().min(1, '请输入接口名称').max(100, '接口名称不能超过100个字符'),
  apiCategory: plainText().trim().max(50, '接口分类不能超过50个字符').default(''),
  serviceId: plainText()
    .trim()
    .min(1, '请输入服务标识')
    .max(64, '服务标识不能超过64个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '服务标识只能包含字母、数字、_、.和-'),
  path: apiPathSchema,
  status: flag('状态'),
  priority: z.number({ error: '优先级须为整数' }).int('优先级须为整数').min(0, '优先级须为0到99999之间的整数').max(99_999, '优先级须为0到99999之间的整数'),
  apiDesc: plainText().trim().max(500, '接口描述不能超过500个字符').default(''),
  isAuth: flag('是否鉴权'),
  isOpen: flag('是否开放'),
  isEncrypt: flag('是否加密'),
  isAra: flag('是否防重放'),
});
export type ApiFields = z.infer<typeof apiFieldsSchema>;

const apiIdSchema = z.number({ error: '接口编号须为正整数' }).int('接口编号须为正整数').min(1, '接口编号须为正整数').max(INT4_MAX, '接口编号须为正整数');

export const apiDefinitionSchema = z.object({
  apiId: z.number(),
  apiCode: z.string(),
  apiName: z.string(),
  apiCategory: z.string(),
  serviceId: z.string(),
  path: z.string(),
  status: z.number(),
  priority: z.number(),
  apiDesc: z.string(),
  isAuth: z.number(),
  isOpen: z.number(),
  isEncrypt: z.number(),
  isAra: z.number(),
  /** The operation of this server the row governs; null for routes served elsewhere. */
  contractId: z.string().nullable(),
  /** Settings no change may lower, with the reason (`rules/gateway-floor.ts`). */
  locks: z.partialRecord(z.enum(FLAG_FIELDS), z.string()),
});
export type ApiDefinition = z.infer<typeof apiDefinitionSchema>;

export const MAX_BATCH_IDS = 1000;

/** Spec §7 batch `ids`: a comma-joined string of distinct positive ids. */
export const apiIdsSchema = z
  .string({ error: '请选择要操作的接口' })
  .superRefine((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim());
    if (text.trim() === '') ctx.addIssue({ code: 'custom', message: '请选择要操作的接口' });
    else if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > INT4_MAX)) ctx.addIssue({ code: 'custom', message: '接口编号须为以逗号分隔的正整数' });
    else if (new Set(parts.map(Number)).size !== parts.length) ctx.addIssue({ code: 'custom', message: '接口编号不能重复' });
    else if (parts.length > MAX_BATCH_IDS) ctx.addIssue({ code: 'custom', message: `一次最多操作${MAX_BATCH_IDS}个接口` });
  })
  .transform((text) => text.split(',').map((p) => Number(p.trim())));

const contains = plainText().trim().max(100, '查询条件不能超过100个字符').optional();

export const apiPage = defineOperation({
  ...base,
  id: 'GW_API_PAGE',
  name: 'API分页查询',
  method: 'GET',
  path: '/{urlPrefix}/api',
  authority: ['GATEWAY_ADMIN'],
  request: z.object({
    page: z.coerce.number().int().min(1, '页码须为正整数').max(100_000, '页码过大').default(1),
    limit: z.coerce.number().int().min(1, '每页条数须为1到1000').max(1000, '每页条数须为1到1000').default(10),
    path: contains,
    apiName: contains,
    apiCode: contains,
    serviceId: contains,
  }),
  response: z.object({ records: z.array(apiDefinitionSchema), total: z.number() }),
});

export const apiAll = defineOperation({
  ...base,
  id: 'GW_API_ALL',
  name: '全部API',
  method: 'GET',
  path: '/{urlPrefix}/api/all',
  authority: ['GATEWAY_ADMIN'],
  request: z.object({ serviceId: contains }),
  response: z.array(apiDefinitionSchema),
});

/**
 * The OpenAPI 3 document staff hand to partner systems: the enabled definitions open to partner
 * access (`isOpen`), built from the live catalogue at the moment it is asked for.
 */
export const partnerDocument = defineOperation({
  ...base,
  id: 'GW_PARTNER_DOCUMENT',
  name: '合作方接口文档',
  method: 'GET',
  path: '/{urlPrefix}/api/partner/openapi',
  authority: ['GATEWAY_ADMIN'],
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
});

const write = { ...base, method: 'POST', antiReplay: true } as const;

export const apiAdd = defineOperation({
  ...write,
  id: 'GW_API_ADD',
  name: '新增API',
  path: '/{urlPrefix}/api/add',
  authority: ['ACTION_apiAdd'],
  request: apiFieldsSchema,
  response: apiDefinitionSchema,
});

export const apiUpdate = defineOperation({
  ...write,
  id: 'GW_API_UPDATE',
  held: true,
  name: '修改API',
  path: '/{urlPrefix}/api/update',
  authority: ['ACTION_apiEdit'],
  request: apiFieldsSchema.extend({ apiId: apiIdSchema }),
  // A change that loosens a call waits for a second staff member (待审批变更).
  response: orHeld(apiDefinitionSchema),
});

export const apiRemove = defineOperation({
  ...write,
  id: 'GW_API_REMOVE',
  name: '删除API',
  path: '/{urlPrefix}/api/remove',
  authority: ['ACTION_apiRemove'],
  request: z.object({ apiId: apiIdSchema }),
});

export const apiBatchRemove = defineOperation({
  ...write,
  id: 'GW_API_BATCH_REMOVE',
  name: '批量删除API',
  path: '/{urlPrefix}/api/batch/remove',
  authority: ['ACTION_apiRemove'],
  request: z.object({ ids: apiIdsSchema }),
  response: z.object({ changed: z.number() }),
});

/** Spec §7's four batch flag updates: the field they set and the request key that carries it. */
const batch = <K extends 'open' | 'status' | 'encrypt' | 'auth'>(id: string, name: string, segment: string, key: K, label: string) =>
  defineOperation({
    ...write,
    id,
    name,
    path: `/{urlPrefix}/api/batch/update/${segment}`,
    authority: ['ACTION_apiBatch'],
    held: true,
    request: z.object({ ids: apiIdsSchema, ...({ [key]: flag(label) } as Record<K, ReturnType<typeof flag>>) }),
    // Opening, enabling, or dropping encryption or authentication waits for a second staff member.
    response: orHeld(z.object({ changed: z.number() })),
  });

export const apiBatchOpen = batch('GW_API_BATCH_OPEN', '批量修改开放状态', 'open', 'open', '是否开放');
export const apiBatchStatus = batch('GW_API_BATCH_STATUS', '批量修改状态', 'status', 'status', '状态');
export const apiBatchEncrypt = batch('GW_API_BATCH_ENCRYPT', '批量修改加密', 'encrypts', 'encrypt', '是否加密');
export const apiBatchAuth = batch('GW_API_BATCH_AUTH', '批量修改鉴权', 'auth', 'auth', '是否鉴权');

/** Which flag each batch call sets. */
export const BATCH_FIELDS = { open: 'isOpen', status: 'status', encrypt: 'isEncrypt', auth: 'isAuth' } as const satisfies Record<string, FlagField>;

const tally = z.object({ calls: z.number(), errors: z.number() });

/** Spec §7 `gateway/count`: calls and errors (answers of 400 and above) per operation of this server. */
export const gatewayCount = defineOperation({
  ...base,
  id: 'GATEWAY_COUNT',
  name: '网关统计',
  method: 'POST',
  path: '/{prefix}/gateway/count',
  authority: ['GATEWAY_ADMIN'],
  response: z.array(z.object({ apiId: z.number(), apiCode: z.string(), path: z.string(), today: tally, last7Days: tally })),
});
