import { z } from 'zod';
import { enterpriseNoSchema } from './users';
import { int4Id, plainText } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { defineOperation } from './operation';
import { decisionSchema } from './instructions';
import { pageOf, pageQuery } from './paging';

/**
 * 待审批变更 (issue 30, dual control of administration): a change one administrator makes to
 * operators, roles, account rights or (bank staff) to gateway settings that loosen a call waits
 * here until a second administrator of the same enterprise approves it (signed). The maker may
 * withdraw it, never approve it; a change whose target moved since it was made is refused on
 * approval. The enterprise is always the session's (staff: the bank's own).
 */
const base = { category: '待审批变更', serviceId: 'zctg-customer', audience: ['staff', 'customer'], method: 'POST', encrypt: true } as const;

export const ADMIN_CHANGE_STATUSES = ['pending', 'applied', 'withdrawn', 'rejected'] as const;
export type AdminChangeStatus = (typeof ADMIN_CHANGE_STATUSES)[number];
export const ADMIN_CHANGE_STATUS_LABELS: Record<AdminChangeStatus, string> = { pending: '待审批', applied: '已生效', withdrawn: '已撤回', rejected: '已拒绝' };

export { HELD_MESSAGE, heldChangeSchema, isHeld, orHeld, type HeldChange } from './held';

export const adminChangeSchema = z.object({
  id: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  summary: z.string(),
  status: z.enum(ADMIN_CHANGE_STATUSES),
  /** The target when the change was made, and what the maker asked: the page's before/after view. */
  before: z.unknown(),
  after: z.unknown(),
  makerUserNo: z.string(),
  makerName: z.string(),
  createdAt: z.string(),
  decidedByUserNo: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** Whether the session may decide it (not its maker) or withdraw it (its maker). */
  mine: z.boolean(),
});
export type AdminChange = z.infer<typeof adminChangeSchema>;

/** Whether the enterprise's administration needs a second approver, and why it cannot have one yet. */
export const dualControlSchema = z.object({
  waived: z.boolean(),
  administrators: z.number(),
  /** The plain message for an enterprise with a single administrator (null when two can work). */
  message: z.string().nullable(),
});
export type DualControl = z.infer<typeof dualControlSchema>;

export const adminChangePage = defineOperation({
  ...base,
  id: 'ADMIN_CHANGE_PAGE',
  name: '待审批变更列表',
  method: 'GET',
  path: '/{prefix}/adminChange/page',
  authority: ['ADMIN_CHANGE_REVIEW'],
  request: z.object({ status: z.enum(ADMIN_CHANGE_STATUSES, { error: '状态不正确' }).optional(), ...pageQuery }),
  response: pageOf(adminChangeSchema).extend({ control: dualControlSchema }),
});

const changeId = int4Id('变更编号不正确');
export const ADMIN_CHANGE_REASON_MAX = 200;
export const REJECT_REASON_REQUIRED = '拒绝时请输入原因';

/** Approve (pass) or reject (refuse, with a reason): signed by the second administrator's device key. */
export const adminChangeDecide = defineOperation({
  ...base,
  id: 'ADMIN_CHANGE_DECIDE',
  name: '审批变更',
  path: '/{prefix}/adminChange/decide',
  authority: ['ADMIN_CHANGE_REVIEW'],
  antiReplay: true,
  request: withSignature(
    z.object({
      changeId,
      result: decisionSchema,
      reason: plainText('原因不能包含控制字符').trim().max(ADMIN_CHANGE_REASON_MAX, `原因不能超过${ADMIN_CHANGE_REASON_MAX}个字符`).default(''),
    }),
  ).refine((v) => v.result === 'pass' || v.reason !== '', { message: REJECT_REASON_REQUIRED, path: ['reason'] }),
  signing: 'AdminChangeDecision',
  /** The applied operation's own answer (an added operator's one-time password), or null. */
  response: z.object({ status: z.enum(ADMIN_CHANGE_STATUSES), result: z.unknown() }),
});

export const adminChangeWithdraw = defineOperation({
  ...base,
  id: 'ADMIN_CHANGE_WITHDRAW',
  name: '撤回变更',
  path: '/{prefix}/adminChange/withdraw',
  authority: ['ADMIN_CHANGE_REVIEW'],
  antiReplay: true,
  request: z.object({ changeId }),
});

export const waiverSchema = z.object({ enterpriseNo: z.string(), enterpriseName: z.string(), reason: z.string(), waivedByUserNo: z.string(), waivedAt: z.string() });
export type DualControlWaiver = z.infer<typeof waiverSchema>;

/** Bank staff: the enterprises allowed to administer without a second approver. */
export const dualControlWaivers = defineOperation({
  ...base,
  audience: ['staff'],
  id: 'DUAL_CONTROL_WAIVERS',
  name: '双人审批豁免列表',
  method: 'GET',
  path: '/{prefix}/dualControl/waivers',
  authority: ['ENTERPRISE_MANAGE'],
  response: z.array(waiverSchema),
});

/** Bank staff grant (with a reason) or withdraw an enterprise's waiver; audited either way. */
export const dualControlWaive = defineOperation({
  ...base,
  audience: ['staff'],
  id: 'DUAL_CONTROL_WAIVE',
  name: '设置双人审批豁免',
  path: '/{prefix}/dualControl/waive',
  authority: ['ACTION_enterpriseEdit'],
  antiReplay: true,
  request: z
    .object({
      enterpriseNo: enterpriseNoSchema,
      waived: z.boolean({ error: '请选择是否豁免' }),
      reason: plainText('原因不能包含控制字符').trim().max(ADMIN_CHANGE_REASON_MAX, `原因不能超过${ADMIN_CHANGE_REASON_MAX}个字符`).default(''),
    })
    .refine((v) => !v.waived || v.reason !== '', { message: '豁免时请输入原因', path: ['reason'] }),
});
