import { z } from 'zod';
import { defineOperation } from './operation';

const base = { category: '认证与基础', serviceId: 'zctg-auth' } as const;

export const publicKeySchema = z.object({
  appAsymmetricEncryptionPublicKey: z.string(),
  appAsymmetricEncryptionType: z.enum(['SM2', 'RSA']),
  appSymmetricEncryptionType: z.enum(['SM4', 'AES']),
  keyId: z.string(),
});

/** Spec §7 key negotiation: before any `rev` exists, so the envelope does not ask for one. */
export const getEncryptionPublicKey = defineOperation({
  ...base,
  id: 'ENCRYPTION_PUBLIC_KEY',
  pinned: ['enabled', 'plaintext'],
  name: '获取加密公钥与协商算法',
  method: 'POST',
  path: '/base/app/getEncryptionPublicKey',
  audience: ['public'],
  envelope: 'no-rev',
  response: publicKeySchema,
});

/** docs/wire.md: `{path, isEncrypt, status}` of every catalogue entry, so the client knows what to seal. */
export const initialApiList = defineOperation({
  ...base,
  id: 'INITIAL_API_LIST',
  pinned: ['enabled', 'plaintext'],
  name: '加密接口清单',
  method: 'GET',
  path: '/initial/api/list',
  audience: ['public'],
  response: z.array(z.object({ path: z.string(), isEncrypt: z.number(), status: z.number() })),
});

const echoRequest = z.object({ payload: z.string().max(4096, '检测报文不能超过4096个字符') });
const echoReply = z.object({ payload: z.string(), serverTime: z.string() });

/** Connection diagnostics: the same echo through the encrypted channel and in plaintext. */
export const echo = defineOperation({
  ...base,
  id: 'ENVELOPE_ECHO',
  name: '加密通道检测',
  method: 'POST',
  path: '/base/app/echo',
  audience: ['public'],
  encrypt: true,
  request: echoRequest,
  response: echoReply,
});

export const echoPlain = defineOperation({
  ...base,
  id: 'PLAIN_ECHO',
  name: '明文通道检测',
  method: 'POST',
  path: '/base/app/echoPlain',
  audience: ['public'],
  request: echoRequest,
  response: echoReply,
});

const componentSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  kind: z.string(),
  latencyMs: z.number(),
  error: z.string().optional(),
});
export type HealthComponent = z.infer<typeof componentSchema>;

/** Anonymous callers (load balancers) get the status only; the details are for bank staff. */
export const healthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  version: z.string().optional(),
  uptimeSeconds: z.number().optional(),
  database: componentSchema.optional(),
  kv: componentSchema.optional(),
});

/** Spec §7 health, polled by load balancers: outside the envelope. */
export const systemHealth = defineOperation({
  ...base,
  id: 'SYSTEM_HEALTH',
  name: '系统健康检查',
  method: 'GET',
  path: '/monitor/system/health',
  audience: ['public'],
  envelope: 'exempt',
  response: healthSchema,
});

/** Kubernetes-style liveness: the process answers; no dependency is asked. */
export const systemLiveness = defineOperation({
  ...base,
  id: 'SYSTEM_LIVENESS',
  pinned: ['enabled', 'plaintext'],
  name: '存活探针',
  method: 'GET',
  path: '/monitor/system/liveness',
  audience: ['public'],
  envelope: 'exempt',
  response: z.object({ status: z.literal('UP') }),
});

const dependencyState = z.enum(['UP', 'DOWN', 'DEGRADED', 'PENDING_MIGRATIONS']);

/**
 * Readiness for a load balancer: 503 while the database is unreachable or not migrated and from
 * the moment the instance is told to stop; a shared-store outage reads DEGRADED with 200, as the
 * instance still serves reads.
 */
export const systemReadiness = defineOperation({
  ...base,
  id: 'SYSTEM_READINESS',
  pinned: ['enabled', 'plaintext'],
  name: '就绪探针',
  method: 'GET',
  path: '/monitor/system/readiness',
  audience: ['public'],
  envelope: 'exempt',
  response: z.object({
    status: z.enum(['READY', 'DEGRADED', 'NOT_READY']),
    stopping: z.boolean(),
    database: dependencyState,
    kv: dependencyState,
  }),
});

/** Prometheus text format, for `Authorization: Bearer $METRICS_TOKEN` only (unset: not served). */
export const systemMetrics = defineOperation({
  ...base,
  id: 'SYSTEM_METRICS',
  pinned: ['enabled', 'plaintext'],
  name: '运行指标',
  method: 'GET',
  path: '/monitor/metrics',
  audience: ['public'],
  kind: 'text',
  envelope: 'exempt',
});
