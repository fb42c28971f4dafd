import { z } from 'zod';
import { plainText } from '../rules/schema-primitives';
import { defineOperation } from './operation';
import { enterpriseNoSchema, userNoSchema } from './users';

/** How long a partner's access token lives (seconds): the client asks for a new one after. */
export const PARTNER_TOKEN_TTL_SECONDS = 7200;
/** A partner token starts so; a session token (base64url) never contains a dot. */
export const PARTNER_TOKEN_PREFIX = 'p.';
export const MAX_PARTNER_APIS = 200;

/**
 * Spec §7 `POST /auth/oauth/token`: OAuth 2.0 client credentials (RFC 6749 §4.4) for partner
 * systems. `grant_type` travels in the query (the spec's form); the client id and secret only in
 * `Authorization: Basic` (RFC 6749 §2.3.1), never in the URL, so never in an access log. The
 * answer is our `{ returnCode, returnMsg, data }` (docs/partner-access.md says why).
 */
export const partnerTokenQuerySchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'grant_type须为client_credentials' }),
});

export const partnerToken = defineOperation({
  id: 'PARTNER_OAUTH_TOKEN',
  name: '合作方获取访问令牌',
  category: '认证与基础',
  serviceId: 'zctg-auth',
  method: 'POST',
  path: '/auth/oauth/token',
  audience: ['public'],
  // A partner's back office speaks plain HTTPS with Basic credentials, not the browser's envelope.
  envelope: 'exempt',
  pinned: ['enabled'],
  // Per address too: guessed client ids must not each get a fresh per-client allowance.
  rateLimit: 'login',
  response: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number(),
    scope: z.string(),
  }),
});

/** Like the gateway's other calls: staff only, never disabled. */
const base = { category: 'API网关管理', serviceId: 'zctg-gateway', audience: ['staff'], authority: ['GATEWAY_ADMIN'], pinned: ['enabled'] } as const;

export const partnerClientIdSchema = plainText('客户端编号不能包含控制字符')
  .trim()
  .min(1, '请选择合作方客户端')
  .max(64, '客户端编号不能超过64个字符');
const clientNameSchema = plainText('合作方名称不能包含控制字符').trim().min(1, '请输入合作方名称').max(100, '合作方名称不能超过100个字符');
const apiCodesSchema = z
  .array(plainText('接口编码不能包含控制字符').trim().min(1, '接口编码不能为空').max(64, '接口编码不能超过64个字符'), { error: '请选择可调用的接口' })
  .max(MAX_PARTNER_APIS, `可调用的接口不能超过${MAX_PARTNER_APIS}个`)
  .refine((codes) => new Set(codes).size === codes.length, '可调用的接口不能重复');
/** The seat of the client's enterprise it acts as; null: none yet (no business call passes). */
const actingSeatSchema = userNoSchema.nullable().default(null);

export const partnerClientSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  apiCodes: z.array(z.string()),
  userNo: z.string().nullable(),
  /** 1 active, 0 revoked. */
  status: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartnerClient = z.infer<typeof partnerClientSchema>;

/** A secret is in this answer only: the server keeps its hash. */
const credentialsSchema = z.object({ clientId: z.string(), clientSecret: z.string() });

export const partnerList = defineOperation({
  ...base,
  id: 'PARTNER_CLIENT_LIST',
  name: '合作方客户端列表',
  method: 'GET',
  path: '/{urlPrefix}/partner/client/list',
  encrypt: true,
  response: z.array(partnerClientSchema),
});

export const partnerAdd = defineOperation({
  ...base,
  id: 'PARTNER_CLIENT_ADD',
  name: '新增合作方客户端',
  method: 'POST',
  path: '/{urlPrefix}/partner/client/add',
  encrypt: true,
  antiReplay: true,
  pinned: ['enabled', 'encrypted'],
  request: z.object({ clientName: clientNameSchema, enterpriseNo: enterpriseNoSchema, apiCodes: apiCodesSchema, userNo: actingSeatSchema }),
  response: credentialsSchema,
});

export const partnerUpdate = defineOperation({
  ...base,
  id: 'PARTNER_CLIENT_UPDATE',
  name: '修改合作方客户端',
  method: 'POST',
  path: '/{urlPrefix}/partner/client/update',
  encrypt: true,
  antiReplay: true,
  request: z.object({ clientId: partnerClientIdSchema, clientName: clientNameSchema, apiCodes: apiCodesSchema, userNo: actingSeatSchema }),
});

export const partnerRotate = defineOperation({
  ...base,
  id: 'PARTNER_CLIENT_ROTATE',
  name: '重置合作方客户端密钥',
  method: 'POST',
  path: '/{urlPrefix}/partner/client/rotate',
  encrypt: true,
  antiReplay: true,
  pinned: ['enabled', 'encrypted'],
  request: z.object({ clientId: partnerClientIdSchema }),
  response: credentialsSchema,
});

export const partnerRevoke = defineOperation({
  ...base,
  id: 'PARTNER_CLIENT_REVOKE',
  name: '停用合作方客户端',
  method: 'POST',
  path: '/{urlPrefix}/partner/client/revoke',
  encrypt: true,
  antiReplay: true,
  request: z.object({ clientId: partnerClientIdSchema }),
});
