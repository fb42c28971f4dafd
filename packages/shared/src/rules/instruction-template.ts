/**
 * Instruction templates (指令模板, issue 28, docs/features/templates.md): an enterprise's
 * recurring instructions kept with some fields locked. A template lives as a payee does
 * (`payee-book.ts`): a maker proposes it or a change to it, another person of the enterprise
 * reviews it (signed); the approved version stays usable while a change waits. On top of the
 * payee's life, a maker may withdraw the change they proposed, and an instruction made from a
 * template may not differ from the approved version in a locked field.
 */
import { PAYEE_CHANGE_KIND, type PayeeChangeKind, type PayeeStatus } from './payee-book';

/** 10 待复核 (new), 20 已生效, 30 已拒绝 (new, refused), 90 已删除: the payee book's codes. */
export const TEMPLATE_STATUS = { '10': '待复核', '20': '已生效', '30': '已拒绝', '90': '已删除' } as const satisfies Record<PayeeStatus, string>;
export type TemplateStatus = keyof typeof TEMPLATE_STATUS;
export const TEMPLATE_STATUSES = Object.keys(TEMPLATE_STATUS) as TemplateStatus[];

export const TEMPLATE_CHANGE_KIND = PAYEE_CHANGE_KIND;
export type TemplateChangeKind = PayeeChangeKind;
export const TEMPLATE_CHANGE_KINDS = Object.keys(TEMPLATE_CHANGE_KIND) as TemplateChangeKind[];

/** A withdrawn change is kept in the history like a decided one. */
export const TEMPLATE_CHANGE_STATUS = { pending: '待复核', approved: '已通过', refused: '已拒绝', withdrawn: '已撤回' } as const;
export type TemplateChangeStatus = keyof typeof TEMPLATE_CHANGE_STATUS;

/** The fields a template may lock; the payee locks its name, account, bank and CNAPS code together. */
export const TEMPLATE_LOCKABLE = { type: '指令类型', payerAccountNo: '付款账户', payee: '收款人', purpose: '用途' } as const;
export type TemplateField = keyof typeof TEMPLATE_LOCKABLE;
export const TEMPLATE_FIELDS = Object.keys(TEMPLATE_LOCKABLE) as TemplateField[];

/** The locked fields in their fixed order, once each: what is stored and signed. */
export const normalizeLocked = (fields: readonly string[]): TemplateField[] => TEMPLATE_FIELDS.filter((f) => fields.includes(f));

export const TEMPLATE_MESSAGES = {
  notFound: '指令模板不存在',
  changeNotFound: '指令模板变更不存在',
  pending: '该模板有待复核的变更，请复核完成或撤回后再操作',
  deleted: '该模板已删除',
  deleteOnlyEffective: '只有已生效的模板可以申请删除',
  unchanged: '模板内容未修改',
  stale: '模板信息已变更，请刷新后重试',
  changeNotPending: '该变更已处理，请刷新后重试',
  sameUser: '同一用户不能既录入又复核同一模板的变更',
  withdrawOwnOnly: '只能撤回本人提交的变更',
  duplicateName: '已有同名的指令模板',
  payerAccount: '付款账户不是本企业可用的网银账户',
  payee: '收款人不在本企业已生效的收款人名册中',
  unusable: '该指令模板未生效或已删除，不能用于新建指令',
  revision: '指令模板已更新，请重新选择模板',
} as const;

/** The message keys `templateRequestProblem` answers. */
export type TemplateRequestProblem = 'pending' | 'deleted' | 'deleteOnlyEffective';

/** Whether a maker may propose an edit or a deletion of a template in `status`: the refusing message key, or null. */
export function templateRequestProblem(status: TemplateStatus, hasPendingChange: boolean, request: 'edit' | 'delete'): TemplateRequestProblem | null {
  if (status === '90') return 'deleted';
  if (status === '10' || hasPendingChange) return 'pending';
  if (request === 'delete' && status !== '20') return 'deleteOnlyEffective';
  return null;
}

/**
 * The template's status after its waiting change of `kind` is withdrawn: a new template never
 * reviewed goes (已删除: nothing of it was ever in effect), an effective one stays as it was.
 */
export const statusAfterWithdrawal = (kind: TemplateChangeKind): TemplateStatus => (kind === 'add' ? '90' : '20');

/** Only an effective template may start an instruction. */
export const isUsableTemplate = (status: TemplateStatus): boolean => status === '20';

/** What a template holds of an instruction (the payee as the book had it when the template was proposed). */
export interface TemplateValues {
  type: string;
  payerAccountNo: string;
  payeeName: string;
  payeeAccountNo: string;
  payeeBank: string;
  payeeCnaps: string;
  purpose: string;
}

const PAYEE_PARTS = ['payeeName', 'payeeAccountNo', 'payeeBank', 'payeeCnaps'] as const;

const differs = (field: TemplateField, template: TemplateValues, entered: TemplateValues): boolean =>
  field === 'payee' ? PAYEE_PARTS.some((p) => template[p] !== entered[p]) : template[field] !== entered[field];

/** The locked fields an instruction changed from its template's approved version, in order. */
export const lockedFieldsChanged = (locked: readonly TemplateField[], template: TemplateValues, entered: TemplateValues): TemplateField[] =>
  normalizeLocked(locked).filter((f) => differs(f, template, entered));

/** The refusal of an instruction that changed locked fields, or null. */
export function lockedFieldsMessage(templateName: string, changed: readonly TemplateField[]): string | null {
  if (changed.length === 0) return null;
  return `指令模板“${templateName}”锁定了${changed.map((f) => TEMPLATE_LOCKABLE[f]).join('、')}，指令中不能修改`;
}
