/**
 * The payee book's life (docs/features/payees.md): a maker proposes a payee, or a change to one,
 * and it takes effect only when another person reviews it. One state machine for the server,
 * which enforces it, and the web, which offers only what it allows.
 *
 * A payee's status is that of its effective version: 待复核 while a new payee waits for its first
 * review, 已生效 once passed, 已拒绝 when its first review refused it, 已删除 after a deletion
 * passed. A proposed edit or deletion of an effective payee is a pending change beside it; the
 * effective version stays usable until the change passes.
 */

export const PAYEE_STATUS = {
  '10': '待复核',
  '20': '已生效',
  '30': '已拒绝',
  '90': '已删除',
} as const;
export type PayeeStatus = keyof typeof PAYEE_STATUS;
export const PAYEE_STATUSES = Object.keys(PAYEE_STATUS) as PayeeStatus[];

/** What a change proposes: a new payee (or a refused one proposed again), an edit, a deletion. */
export const PAYEE_CHANGE_KIND = { add: '新增', edit: '修改', delete: '删除' } as const;
export type PayeeChangeKind = keyof typeof PAYEE_CHANGE_KIND;
export const PAYEE_CHANGE_KINDS = Object.keys(PAYEE_CHANGE_KIND) as PayeeChangeKind[];

export const PAYEE_CHANGE_STATUS = { pending: '待复核', approved: '已通过', refused: '已拒绝' } as const;
export type PayeeChangeStatus = keyof typeof PAYEE_CHANGE_STATUS;

/** Shown beside 已生效 while an edit or a deletion of it waits for review. */
export const PENDING_CHANGE_LABEL = (kind: PayeeChangeKind) => `${PAYEE_CHANGE_KIND[kind]}待复核`;

export const PAYEE_MESSAGES = {
  notFound: '收款人不存在',
  pending: '该收款人有待复核的变更，请复核完成后再操作',
  deleted: '该收款人已删除',
  deleteOnlyEffective: '只有已生效的收款人可以申请删除',
  unchanged: '收款人信息未修改',
  stale: '收款人信息已变更，请刷新后重试',
  changeNotPending: '该变更已处理，请刷新后重试',
  sameUser: '同一用户不能既录入又复核同一收款人的变更',
  duplicate: '收款人名册中已有该开户行的此收款账号',
  cnapsUnknown: '大额支付行号不存在，请从行号表中选择开户行',
} as const;

/** The message keys `requestProblem` answers. */
export type PayeeRequestProblem = 'pending' | 'deleted' | 'deleteOnlyEffective';

/**
 * Whether a maker may propose `request` on a payee in `status` (with or without a change already
 * waiting): the key of `PAYEE_MESSAGES` that refuses it, or null.
 */
export function requestProblem(status: PayeeStatus, hasPendingChange: boolean, request: 'edit' | 'delete'): PayeeRequestProblem | null {
  if (status === '90') return 'deleted';
  if (status === '10' || hasPendingChange) return 'pending';
  if (request === 'delete' && status !== '20') return 'deleteOnlyEffective';
  return null;
}

/** The change an edit proposes: a refused payee, never effective, is proposed anew. */
export const editKind = (status: PayeeStatus): PayeeChangeKind => (status === '30' ? 'add' : 'edit');

/** The payee's status while the change waits: a new one waits as 待复核, an effective one stays 已生效. */
export const statusWhilePending = (kind: PayeeChangeKind): PayeeStatus => (kind === 'add' ? '10' : '20');

/** The payee's status after the reviewer's decision on a change of `kind`. */
export function statusAfterDecision(kind: PayeeChangeKind, result: 'pass' | 'refuse'): PayeeStatus {
  if (kind === 'add') return result === 'pass' ? '20' : '30';
  if (kind === 'delete' && result === 'pass') return '90';
  // A refused edit or deletion leaves the effective version as it was.
  return '20';
}

/** Only an effective payee (its effective version, whatever change waits beside it) may be paid. */
export const isUsablePayee = (status: PayeeStatus): boolean => status === '20';

/** Maker-checker: the person (one login, across all its seats) who proposed a change may not review it. */
export const sameMakerAndReviewer = (requestedByUserId: number, reviewerUserId: number): boolean => requestedByUserId === reviewerUserId;

/** CNAPS (大额支付系统) bank codes: 12 digits; the first 3 name the bank's category. */
export const CNAPS_PATTERN = /^\d{12}$/;
export const isCnaps = (value: string): boolean => CNAPS_PATTERN.test(value);

/**
 * The bank categories (行别代码) of the codes the bank-code table holds: the first 3 digits of a
 * CNAPS code, as the People's Bank of China assigns them.
 */
export const BANK_CATEGORIES = {
  '102': '中国工商银行',
  '103': '中国农业银行',
  '104': '中国银行',
  '105': '中国建设银行',
  '301': '交通银行',
  '302': '中信银行',
  '303': '中国光大银行',
  '304': '华夏银行',
  '305': '中国民生银行',
  '306': '广发银行',
  '307': '平安银行',
  '308': '招商银行',
  '309': '兴业银行',
  '310': '上海浦东发展银行',
  '403': '中国邮政储蓄银行',
} as const;
export type BankCategory = keyof typeof BANK_CATEGORIES;

/** The category name of a CNAPS code, or '' for a category the table does not know. */
export const bankCategoryName = (cnaps: string): string => (BANK_CATEGORIES as Record<string, string>)[cnaps.slice(0, 3)] ?? '';
