import { useQuery } from '@tanstack/react-query';
import { adminChangesApi, formatDateTime, type AdminChange } from '@portal/shared';
import { Alert, Card, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS, type RowAction } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { adminChangesKey, dualControlQuery, fetchChangePage } from './api/admin-changes';
import { ChangeDecisionDialog } from './change-decision-dialog';

const STATUS_COLORS = { pending: 'processing', applied: 'success', withdrawn: 'default', rejected: 'error' } as const;

// Status beside the kind, the change clipped: when and by whom join from 1600 px (all in 详情).
const columns: TableColumnsType<AdminChange> = [
  { key: 'kind', title: '类型', dataIndex: 'kindLabel', width: 120 },
  {
    key: 'status',
    title: '状态',
    width: 90,
    render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{adminChangesApi.ADMIN_CHANGE_STATUS_LABELS[r.status]}</Tag>,
  },
  { key: 'summary', title: '变更', render: (_, r) => <ClippedText text={r.summary} width={300} /> },
  { key: 'maker', title: '提交人', render: (_, r) => `${r.makerName}（${r.makerUserNo}）`, width: 170 },
  { key: 'createdAt', title: '提交时间', render: (_, r) => formatDateTime(r.createdAt), width: 170, responsive: WIDE_SCREENS },
  { key: 'decided', title: '处理人', render: (_, r) => r.decidedByName ?? '—', width: 100, responsive: WIDE_SCREENS },
];

const queryFields: FormField[] = [
  {
    name: 'status',
    label: '状态',
    type: 'select',
    options: adminChangesApi.ADMIN_CHANGE_STATUSES.map((s) => ({ value: s, label: adminChangesApi.ADMIN_CHANGE_STATUS_LABELS[s] })),
  },
];

/**
 * 系统管理 › 待审批变更 (`/system/pendingChanges/index`): an administrator's changes to operators,
 * roles, account rights (staff: staff users and gateway settings that loosen a call) wait here
 * for a second administrator; the maker may withdraw them.
 */
export function PendingChangesPage() {
  const [open, setOpen] = useState<AdminChange | null>(null);
  const control = useQuery(dualControlQuery).data;
  const rowActions: RowAction<AdminChange>[] = [
    { key: 'decide', label: '审批', visible: (r) => r.status === 'pending' && !r.mine, onClick: setOpen },
    { key: 'withdraw', label: '撤回', visible: (r) => r.status === 'pending' && r.mine, onClick: setOpen },
    { key: 'detail', label: '详情', visible: (r) => r.status !== 'pending', onClick: setOpen },
  ];
  return (
    <Card title="待审批变更">
      <Typography.Paragraph type="secondary">
        管理员对操作员、角色、账户权限的变更，须由本企业另一位管理员审批（签名）后才生效；提交人可以撤回，但不能自己审批。变更提交后其对象若已被修改，审批时将被拒绝。
      </Typography.Paragraph>
      {control?.message && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={control.message} />}
      {control?.waived && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="银行已为本企业豁免双人审批：管理员的变更提交后立即生效。" />}
      <DataTable<AdminChange>
        ariaLabel="待审批变更列表"
        queryKey={[...adminChangesKey, 'list']}
        fetchPage={fetchChangePage}
        columns={columns}
        queryFields={queryFields}
        rowKey="id"
        showIndex
        rowActions={rowActions}
      />
      {open && <ChangeDecisionDialog change={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
