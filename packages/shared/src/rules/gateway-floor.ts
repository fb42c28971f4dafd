import type { FlagField } from '../api/gateway';
import type { AnyOperation } from '../api/operation';

/** A setting no change may lower: the value it is held at and why. */
export interface FloorLock {
  value: 0 | 1;
  reason: string;
}

export const FLOOR_MESSAGES = {
  auth: '是否鉴权由接口契约的调用方决定，不可修改',
  startup: '启动与登录所需接口不可停用',
  gateway: '网关管理接口不可停用',
  plaintext: '密钥协商、验证码与文件下载接口不可加密，也不可要求防重放签名',
  exempt: '健康检查、实时事件流与合作方令牌接口不经网关信封，此项设置不起作用，不可修改',
  encrypted: '密码与登录接口必须加密传输',
  partner: '接口契约未允许合作方调用，不可开放',
} as const;

/**
 * The floor of the gateway (issue 10): what staff can see but never set on an operation of
 * this server. Definitions of routes served elsewhere (no operation) have none.
 */
export function floorLocks(op: AnyOperation | undefined): Partial<Record<FlagField, FloorLock>> {
  if (!op) return {};
  if (op.envelope === 'exempt') {
    const d = op.defaults;
    const held = { status: 1, isEncrypt: d.isEncrypt, isAra: d.isAra, isAuth: d.isAuth, isOpen: d.isOpen } as const;
    return Object.fromEntries(Object.entries(held).map(([field, value]) => [field, { value, reason: FLOOR_MESSAGES.exempt }]));
  }
  const locks: Partial<Record<FlagField, FloorLock>> = { isAuth: { value: op.defaults.isAuth, reason: FLOOR_MESSAGES.auth } };
  if (op.pinned.includes('enabled')) {
    locks.status = { value: 1, reason: op.serviceId === 'zctg-gateway' ? FLOOR_MESSAGES.gateway : FLOOR_MESSAGES.startup };
  }
  // Those calls come before any key or carry no JSON: neither sealing nor a signature can apply.
  if (op.pinned.includes('plaintext')) {
    locks.isEncrypt = { value: 0, reason: FLOOR_MESSAGES.plaintext };
    locks.isAra = { value: 0, reason: FLOOR_MESSAGES.plaintext };
  }
  if (op.pinned.includes('encrypted')) locks.isEncrypt = { value: 1, reason: FLOOR_MESSAGES.encrypted };
  if (!op.partner) locks.isOpen = { value: 0, reason: FLOOR_MESSAGES.partner };
  return locks;
}

/** The first floor rule `proposed` would break, as a message naming the operation and the rule; or null. */
export function floorViolation(op: AnyOperation | undefined, apiCode: string, proposed: Partial<Record<FlagField, number>>): string | null {
  const locks = floorLocks(op);
  for (const [field, lock] of Object.entries(locks) as [FlagField, FloorLock][]) {
    const value = proposed[field];
    if (value !== undefined && value !== lock.value) return `${apiCode}：${lock.reason}`;
  }
  return null;
}

/**
 * The value of each flag that makes a call easier to reach (enabled, open to partners, without
 * encryption, anti-replay or authentication): a change to it needs a second staff member
 * (docs/features/dual-control.md); a change the other way applies at once.
 */
export const LOOSER_VALUE: Record<FlagField, 0 | 1> = { status: 1, isOpen: 1, isEncrypt: 0, isAra: 0, isAuth: 0 };

/** The flags `after` moves towards their looser value from `before`. */
export const loosenedFlags = (before: Partial<Record<FlagField, number>>, after: Partial<Record<FlagField, number>>): FlagField[] =>
  (Object.keys(LOOSER_VALUE) as FlagField[]).filter((f) => after[f] !== undefined && after[f] !== before[f] && after[f] === LOOSER_VALUE[f]);
