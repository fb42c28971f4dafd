import { PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_STATUS, templateRequestProblem, type TemplateRecord, type TemplateStatus } from '@portal/shared';
import { Button, Card, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useMessage } from '../../../lib/countdown-message';
import { Permission } from '../../../lib/permissions';
import { currentUserQuery } from '../../../lib/session';
import { fetchTemplatePage, templatesKey, useDeleteTemplate, useWithdrawTemplate } from '../api/templates';
import { templateColumns } from '../common/template-columns';
import { TemplateDetailDrawer } from '../common/template-detail-drawer';
import { TemplateFormDialog } from './template-form-dialog';

const QUERY_FIELDS: FormField[] = [
  { name: 'keyword', type: 'text', label: '模板', placeholder: '模板名称、收款人或账号', maxLength: 100 },
  { name: 'status', type: 'select', label: '状态', options: Object.entries(TEMPLATE_STATUS).map(([key, value]) => ({ key, value })) },
];

const fetchAll = fetchTemplatePage('all');
// Whether the maker may propose a request on a row: the shared state machine decides.
const allows = (row: TemplateRecord, request: 'edit' | 'delete') => templateRequestProblem(row.status as TemplateStatus, row.pendingChange !== null, request) === null;

/** 指令管理 › 指令模板 (`/instructionManagement/instructionTemplate/index`): the enterprise's templates; makers propose, reviewers decide. */
export function TemplateListPage() {
  const message = useMessage();
  const me = useQuery(currentUserQuery).data;
  const [editing, setEditing] = useState<TemplateRecord | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const deleting = useDeleteTemplate();
  const withdrawing = useWithdrawTemplate();

  const rowActions: RowAction<TemplateRecord>[] = [
    { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
    { key: 'edit', label: '修改', permission: 'templateEdit', visible: (row) => allows(row, 'edit'), onClick: (row) => setEditing(row) },
    {
      key: 'withdraw',
      label: '撤回变更',
      permission: 'templateEdit',
      visible: (row) => row.pendingChange !== null && row.pendingChange.requestedByUserNo === me?.userNo,
      confirm: (row) => `确定撤回模板“${row.name}”待复核的变更吗？`,
      onClick: async (row) => {
        try {
          await withdrawing.mutateAsync(row);
          message.success('变更已撤回');
        } catch {
          // Shown by the HTTP client.
        }
      },
    },
    {
      key: 'delete',
      label: '申请删除',
      danger: true,
      permission: 'templateEdit',
      visible: (row) => allows(row, 'delete'),
      confirm: (row) => `确定申请删除模板“${row.name}”吗？复核通过后删除，之前仍可使用。`,
      onClick: async (row) => {
        try {
          await deleting.mutateAsync(row);
          message.success('删除申请已提交复核');
        } catch {
          // Shown by the HTTP client.
        }
      },
    },
  ];

  return (
    <Card title="指令模板">
      <Typography.Paragraph type="secondary">模板经复核（签名）后生效，可在指令录入中“从模板新建”；锁定的字段在指令中不能修改。修改或删除复核通过前，仍按原模板使用。</Typography.Paragraph>
      <DataTable<TemplateRecord>
        ariaLabel="指令模板列表"
        queryKey={[...templatesKey, 'list', 'all']}
        fetchPage={fetchAll}
        columns={templateColumns((row) => setOpenId(row.id))}
        rowKey="id"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        toolbar={
          <Permission names="templateEdit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增模板
            </Button>
          </Permission>
        }
      />
      {editing && <TemplateFormDialog record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <TemplateDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
