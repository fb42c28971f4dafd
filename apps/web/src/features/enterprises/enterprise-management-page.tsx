import { PlusOutlined } from '@ant-design/icons';
import { formatDate, type Enterprise } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { useOneTimePasswordNotice } from '../../components/one-time-password';
import { Permission } from '../../lib/permissions';
import { currentUserQuery } from '../../lib/session';
import { useDeleteEnterprise } from './api/delete-enterprise';
import { useDisableEnterprise } from './api/disable-enterprise';
import { useEnableEnterprise } from './api/enable-enterprise';
import { enterprisesKey, fetchEnterprisePage } from './api/list-enterprises';
import { EnterpriseDialog } from './enterprise-dialog';
import { ENTERPRISE_TYPE_ITEMS } from './enterprise-types';
import { useMessage } from '../../lib/countdown-message';

const QUERY_FIELDS: FormField[] = [
  { name: 'enterpriseNo', type: 'text', label: '企业编号' },
  { name: 'enterpriseName', type: 'text', label: '企业名称' },
  { name: 'enterpriseType', type: 'select', label: '企业类型', options: ENTERPRISE_TYPE_ITEMS },
];

/** A refused write was already shown by the HTTP client; the confirmation just closes. */
const settle = (write: Promise<unknown>) => write.then(
  () => true,
  () => false,
);

type Dialog = { mode: 'add' } | { mode: 'edit'; enterprise: Enterprise } | null;

/** 系统管理 › 企业管理: enterprises, each added with its first administrator; disabled rather than deleted once it has users. */
export function EnterpriseManagementPage() {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const disable = useDisableEnterprise();
  const enable = useEnableEnterprise();
  const remove = useDeleteEnterprise();
  // A staff session sits in the bank's own enterprise, which is fixed (the server refuses changes too).
  const ownEnterprise = useQuery(currentUserQuery).data?.enterpriseNo;
  const notOwn = (row: Enterprise) => row.enterpriseNo !== ownEnterprise;

  const rowActions: RowAction<Enterprise>[] = [
    { key: 'edit', label: '修改', permission: 'enterpriseEdit', visible: notOwn, onClick: (row) => setDialog({ mode: 'edit', enterprise: row }) },
    {
      key: 'disable',
      label: '停用',
      permission: 'enterpriseDisable',
      danger: true,
      visible: (row) => notOwn(row) && row.status === 1,
      confirm: (row) => `停用后“${row.enterpriseName}”的用户不能再登录，在线会话立即结束。确定停用吗？`,
      onClick: async (row) => {
        if (await settle(disable.mutateAsync(row.enterpriseNo))) message.success('企业已停用');
      },
    },
    {
      key: 'enable',
      label: '启用',
      permission: 'enterpriseDisable',
      visible: (row) => notOwn(row) && row.status !== 1,
      confirm: (row) => `启用后“${row.enterpriseName}”的用户可以重新登录。确定启用吗？`,
      onClick: async (row) => {
        if (await settle(enable.mutateAsync(row.enterpriseNo))) message.success('企业已启用');
      },
    },
    {
      key: 'delete',
      label: '删除',
      permission: 'enterpriseDisable',
      danger: true,
      // An enterprise with users can only be disabled (the server refuses it too).
      visible: (row) => notOwn(row) && row.userCount === 0,
      confirm: (row) => `确定删除企业“${row.enterpriseName}”（${row.enterpriseNo}）吗？删除后不可恢复。`,
      onClick: async (row) => {
        if (await settle(remove.mutateAsync(row.enterpriseNo))) message.success('企业已删除');
      },
    },
  ];

  return (
    <Card title="企业管理">
      <DataTable<Enterprise>
        ariaLabel="企业列表"
        queryKey={enterprisesKey}
        fetchPage={fetchEnterprisePage}
        rowKey="enterpriseNo"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        toolbar={
          <Permission names="enterpriseAdd">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
              新增企业
            </Button>
          </Permission>
        }
        columns={[
          { title: '企业编号', dataIndex: 'enterpriseNo' },
          { title: '企业名称', dataIndex: 'enterpriseName' },
          { title: '企业类型', dataIndex: 'enterpriseTypeName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: number) => (status === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          { title: '用户数', dataIndex: 'userCount', align: 'right' },
          { title: '创建日期', dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
        ]}
      />
      {dialog && (
        <EnterpriseDialog
          editing={dialog.mode === 'edit' ? dialog.enterprise : undefined}
          onClose={() => setDialog(null)}
          onUpdated={() => {
            setDialog(null);
            message.success('企业已修改');
          }}
          onAdded={(added, input) => {
            setDialog(null);
            showPassword({
              title: '企业已创建',
              intro: `企业“${input.enterpriseName}”（${added.enterpriseNo}）已创建，首个管理员的用户号为 ${added.userNo}。`,
              username: added.username,
              password: added.initialPassword,
            });
          }}
        />
      )}
    </Card>
  );
}
