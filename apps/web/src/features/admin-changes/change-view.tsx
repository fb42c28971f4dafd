import { Table, Typography } from 'antd';

/** Chinese names of the fields change kinds record; others show as they are. */
const LABELS: Record<string, string> = {
  username: '用户名',
  nickName: '姓名',
  mobile: '手机号码',
  email: '电子邮箱',
  userDesc: '描述',
  branchCode: '机构代码',
  status: '状态',
  seatRoles: '用户号角色',
  roleIds: '角色',
  roleId: '角色',
  roleCode: '角色代码',
  roleName: '角色名称',
  userNos: '角色成员',
  userNo: '用户号',
  userId: '用户编号',
  enterpriseNo: '企业编号',
  accounts: '账户权限',
  locked: '锁定',
  apiId: '接口编号',
  apiCode: '接口编码',
  path: '路径',
  ids: '接口编号',
  field: '设置项',
  value: '新值',
  isOpen: '开放',
  isEncrypt: '加密',
  isAuth: '鉴权',
  isAra: '防重放',
};
// What the maker's request carries for the signature only, or as an id the view names otherwise (the role's name).
const HIDDEN = new Set(['accountCount', 'rightsSm3', 'confirmConflict', 'roleId']);

const text = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length === 0 ? '（无）' : value.map(text).join('；');
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${LABELS[k] ?? k}：${text(v)}`).join('，');
  return String(value);
};

const fields = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { 内容: value });

interface Row {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The change's before/after view: every field either side names, a changed one marked. */
export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  const b = before === null ? {} : fields(before);
  const a = fields(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
  const rows: Row[] = keys.map((k) => ({ key: k, label: LABELS[k] ?? k, before: k in b ? text(b[k]) : '—', after: k in a ? text(a[k]) : '（不变）' }));
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="key"
      aria-label="变更前后对比"
      dataSource={rows}
      columns={[
        { key: 'label', title: '项目', dataIndex: 'label', width: 120 },
        { key: 'before', title: '变更前', dataIndex: 'before' },
        {
          key: 'after',
          title: '变更后（申请）',
          render: (_, row) => (row.after !== row.before && row.after !== '（不变）' ? <Typography.Text strong>{row.after}</Typography.Text> : row.after),
        },
      ]}
    />
  );
}
