import {
  CERT_STATUS_LABELS,
  CODE_TABLES,
  ENTERPRISE_TYPES,
  INSTRUCTION_STATUS,
  formatAmount,
  formatDateTime,
  type AuditDetailItem,
} from '@portal/shared';
import { ROLES } from '../../reference/roles';

/** What each field of an entry's detail is, as a clerk calls it. A field not listed shows its own name. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  userId: '用户ID',
  targetUserId: '用户ID',
  userNo: '用户号',
  targetUserNo: '用户号',
  fromUserNo: '原用户号',
  toUserNo: '新用户号',
  toEnterpriseNo: '新企业号',
  username: '登录名',
  nickName: '姓名',
  mobile: '手机号',
  email: '邮箱',
  userDesc: '描述',
  branchCode: '开户机构',
  status: '状态',
  roles: '角色',
  roleCode: '角色',
  roleId: '角色ID',
  added: '加入',
  removed: '移出',
  mustChangePassword: '须修改密码',
  sessionsEnded: '已结束会话',
  enterpriseNo: '企业号',
  enterpriseNos: '企业',
  enterpriseName: '企业名称',
  enterpriseType: '企业类型',
  admin: '企业管理员',
  accountNo: '账号',
  accountNos: '账号',
  alias: '别名',
  used: '启用状态',
  singleLimit: '单笔限额',
  dailyLimit: '日累计限额',
  changed: '变更数',
  id: '编号',
  instructionId: '指令编号',
  instructionNo: '指令号',
  instructions: '指令',
  amount: '金额',
  balanceBefore: '执行前余额',
  valueDate: '起息日',
  payerAccountNo: '付款账号',
  from: '原状态',
  title: '标题',
  level: '级别',
  audience: '发布范围',
  expireAt: '有效期至',
  kind: '类型',
  fileName: '文件名',
  fileDigest: '文件摘要',
  size: '大小（字节）',
  rows: '条数',
  errorCount: '错误行数',
  filters: '查询条件',
  fields: '字段',
  field: '字段',
  apiId: 'API ID',
  apiCode: 'API编码',
  apiName: 'API名称',
  apiCodes: '可调用API',
  path: '路径',
  serviceId: '服务',
  priority: '优先级',
  isAuth: '需认证',
  isOpen: '开放',
  isEncrypt: '加密',
  isAra: '防重放',
  clientId: '合作方ID',
  clientName: '合作方名称',
  partnerClientId: '合作方ID',
  secretVersion: '密钥版本',
  operation: '调用接口',
  serial: '证书序列号',
  replaced: '替换的证书',
  renewedBy: '新证书',
  expiresAt: '有效期至',
  failedAttempts: '连续失败次数',
  knownDevice: '已用设备',
  newDevice: '新设备',
  method: '方式',
};

const ROLE_NAMES = new Map(ROLES.map((r) => [r.role_code, r.role_name]));
const YES_NO = (v: unknown) => (v ? '是' : '否');
const ON_OFF: Readonly<Record<string, string>> = { '1': '启用', '0': '停用' };
const AUDIENCE: Readonly<Record<string, string>> = { all: '全部客户', enterprises: '指定企业' };
const AMOUNT_FIELDS = new Set(['singleLimit', 'dailyLimit', 'amount', 'balanceBefore']);
const YES_NO_FIELDS = new Set(['mustChangePassword', 'sessionsEnded', 'knownDevice', 'newDevice', 'isAuth', 'isOpen', 'isEncrypt', 'isAra']);

/** A status code in the code table of the entry's kind of object (the action's family). */
function statusLabel(family: string, code: string): string {
  const table: Readonly<Record<string, string>> | undefined =
    family === 'instruction'
      ? INSTRUCTION_STATUS
      : family === 'cert'
        ? CERT_STATUS_LABELS
        : family === 'risk_notice'
          ? CODE_TABLES.noticeStatus
          : family === 'warning'
            ? CODE_TABLES.warningStatus
            : family === 'account'
              ? CODE_TABLES.accountStatus
              : ON_OFF;
  return table[code] ?? code;
}

/** One value as text, through the code table its field names. */
function text(family: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '无' : value.map((v) => text(family, field, v)).join('、');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${FIELD_LABELS[k] ?? k}：${text(family, FIELD_LABELS[k] ? k : field, v)}`)
      .join('；');
  }
  const raw = String(value);
  if (typeof value === 'boolean' || YES_NO_FIELDS.has(field)) return YES_NO(value === true || raw === '1' || raw === 'true');
  if (ROLE_NAMES.has(raw)) return ROLE_NAMES.get(raw)!;
  if (field === 'status' || field === 'from') return statusLabel(family, raw);
  if (field === 'used') return family === 'account' ? ({ '1': '启用', '0': '禁用' }[raw] ?? raw) : (ON_OFF[raw] ?? raw);
  if (field === 'level') return (CODE_TABLES.riskLevel as Record<string, string>)[raw] ?? raw;
  if (field === 'enterpriseType') return (ENTERPRISE_TYPES as Record<string, string>)[raw] ?? raw;
  if (field === 'branchCode') return (CODE_TABLES.branch as Record<string, string>)[raw] ?? raw;
  if (field === 'audience') return AUDIENCE[raw] ?? raw;
  if (AMOUNT_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(raw)) return formatAmount(raw);
  if (/At$/.test(field) && /^\d{4}-\d{2}-\d{2}T/.test(raw)) return formatDateTime(raw);
  return raw;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An entry's detail as labelled fields: a write's before/after as the fields that changed (each
 * with its old and new value), everything else as a fact, values through the code tables (roles,
 * statuses, types) so a clerk reads 经办员 rather than CUSTOMER_MAKER, 正常 rather than "00".
 */
export function describeAuditDetail(event: string, detail: Record<string, unknown>): AuditDetailItem[] {
  const family = event.split('.')[0]!;
  const items: AuditDetailItem[] = [];
  const { before, after, changes, field, ...facts } = detail;
  for (const [key, value] of Object.entries(facts)) {
    if (value !== undefined) items.push({ label: FIELD_LABELS[key] ?? key, value: text(family, key, value) });
  }
  if (isRecord(before) || isRecord(after)) {
    const old = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const key of [...new Set([...Object.keys(old), ...Object.keys(now)])]) {
      if (key === 'body' || same(old[key], now[key])) continue;
      const label = FIELD_LABELS[key] ?? key;
      items.push({ label, value: key in now ? text(family, key, now[key]) : '—', ...(isRecord(before) ? { before: key in old ? text(family, key, old[key]) : '—' } : {}) });
    }
  } else if (before !== undefined || after !== undefined) {
    // A single value changed (a certificate's status), or a list before (members of a role).
    const list = Array.isArray(before) || Array.isArray(after);
    const key = typeof field === 'string' ? field : list ? 'members' : 'status';
    const label = list && key === 'members' ? '成员' : (FIELD_LABELS[key] ?? key);
    items.push({ label, value: text(family, key, after), ...(before !== undefined ? { before: text(family, key, before) } : {}) });
  }
  if (Array.isArray(changes)) {
    const key = typeof field === 'string' ? field : '';
    for (const change of changes.filter(isRecord)) {
      const name = String(change.apiCode ?? change.apiId ?? '');
      items.push({ label: `${name} ${FIELD_LABELS[key] ?? key}`.trim(), before: text(family, key, change.before), value: text(family, key, change.after) });
    }
  }
  return items;
}

/** The detail as one line of text (the xlsx export): 标签：旧 → 新；… */
export const auditDetailText = (items: AuditDetailItem[]) =>
  items.map((i) => `${i.label}：${i.before !== undefined ? `${i.before} → ${i.value}` : i.value}`).join('；');
