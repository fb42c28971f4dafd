import { PlusOutlined } from '@ant-design/icons';
import { PAYEE_STATUS, payeesApi, requestProblem, type PayeeRecord, type PayeeStatus } from '@portal/shared';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useMessage } from '../../../lib/countdown-message';
import { Permission } from '../../../lib/permissions';
import { schemaRule } from '../../../lib/schema-rule';
import { fetchPayeePage, payeesKey, useDeletePayee } from '../api/payees';
import { payeeColumns } from '../common/payee-columns';
import { PayeeDetailDrawer } from '../common/payee-detail-drawer';
import { PayeeFormDialog } from './payee-form-dialog';

const filter = payeesApi.payeeFilterFields;
const QUERY_FIELDS: FormField[] = [
  { name: 'keyword', type: 'text', label: '收款人', placeholder: '名称或账号', rules: [schemaRule(filter.keyword)] },
  { name: 'bank', type: 'text', label: '开户行', placeholder: '行名或行号', rules: [schemaRule(filter.bank)] },
  { name: 'status', type: 'select', label: '状态', options: Object.entries(PAYEE_STATUS).map(([key, value]) => ({ key, value })) },
];

const fetchBook = fetchPayeePage('all');
// Whether the maker may propose a request on a row: the shared state machine decides.
const allows = (row: PayeeRecord, request: 'edit' | 'delete') => requestProblem(row.status as PayeeStatus, row.pendingChange !== null, request) === null;

/** 指令管理 › 收款人名册 (`/instructionManagement/payeeBook/index`): the enterprise's payees; makers propose, reviewers decide. */
export function PayeeBookPage() {
  const message = useMessage();
  const [editing, setEditing] = useState<PayeeRecord | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const deleting = useDeletePayee();

  const rowActions: RowAction<PayeeRecord>[] = [
    { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
    { key: 'edit', label: '修改', permission: 'payeeEdit', visible: (row) => allows(row, 'edit'), onClick: (row) => setEditing(row) },
    {
      key: 'delete',
      label: '申请删除',
      danger: true,
      permission: 'payeeEdit',
      visible: (row) => allows(row, 'delete'),
      confirm: (row) => `确定申请删除收款人“${row.name}”吗？复核通过后删除，之前仍可使用。`,
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
    <Card title="收款人名册">
      <DataTable<PayeeRecord>
        ariaLabel="收款人列表"
        queryKey={[...payeesKey, 'list', 'all']}
        fetchPage={fetchBook}
        columns={payeeColumns((row) => setOpenId(row.id))}
        rowKey="id"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        toolbar={
          <Permission names="payeeEdit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增收款人
            </Button>
          </Permission>
        }
      />
      {editing && <PayeeFormDialog record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <PayeeDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
