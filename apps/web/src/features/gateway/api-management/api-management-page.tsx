import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import type { ApiDefinition } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type Key } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { Permission } from '../../../lib/permissions';
import { useApiRemove } from '../api/api-remove';
import { gatewayCountQuery } from '../api/gateway-count';
import { apiListKey, fetchApiPage, type ApiCriteria } from '../api/api-page';
import { apiColumns } from './api-columns';
import { ApiFormDialog } from './api-form-dialog';
import { BatchActions } from './batch-actions';
import { ExportButton } from './export-button';
import { PartnerDocumentButton } from './partner-document-button';
import { useMessage } from '../../../lib/countdown-message';

const QUERY_FIELDS: FormField[] = [
  { name: 'path', type: 'text', label: '接口路径' },
  { name: 'apiName', type: 'text', label: '接口名称' },
  { name: 'apiCode', type: 'text', label: '接口编码' },
  { name: 'serviceId', type: 'text', label: '服务标识' },
];

/** The dialog's state: closed, adding, or editing a row. */
type Dialog = null | { editing: ApiDefinition | null };

/** API网关管理 › API管理: the gateway's catalogue of API definitions (spec §7 under {urlPrefix}). */
export function ApiManagementPage() {
  const message = useMessage();
  const [criteria, setCriteria] = useState<ApiCriteria>({});
  const [selected, setSelected] = useState<ApiDefinition[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useApiRemove();
  const { data: counts } = useQuery(gatewayCountQuery);
  const columns = useMemo(() => apiColumns(counts), [counts]);

  const rowActions: RowAction<ApiDefinition>[] = [
    { key: 'edit', label: '修改', permission: 'apiEdit', onClick: (row) => setDialog({ editing: row }) },
    {
      key: 'remove',
      label: '删除',
      permission: 'apiRemove',
      danger: true,
      // This server's operations are not removed: they leave service by status 0.
      visible: (row) => row.contractId === null,
      confirm: (row) => `确定删除接口“${row.apiName}”（${row.path}）吗？删除后不可恢复。`,
      onClick: async (row) => {
        const done = await remove.mutateAsync(row.apiId).then(() => true, () => false);
        if (!done) return;
        setSelected((rows) => rows.filter((r) => r.apiId !== row.apiId));
        message.success('删除成功');
      },
    },
  ];

  return (
    <Card title="API管理">
      <DataTable<ApiDefinition>
        ariaLabel="API列表"
        queryKey={apiListKey}
        fetchPage={fetchApiPage}
        columns={columns}
        rowKey="apiId"
        queryFields={QUERY_FIELDS}
        onCriteriaChange={(next) => setCriteria(next as ApiCriteria)}
        selection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((row): Key => row.apiId),
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        rowActions={rowActions}
        toolbar={
          <>
            <Flex wrap gap={8}>
              <Permission names="apiAdd">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                  新增
                </Button>
              </Permission>
              <BatchActions selected={selected} onRemoved={() => setSelected([])} />
              <ExportButton criteria={criteria} />
              <PartnerDocumentButton />
            </Flex>
            <Typography.Text type="secondary">已选择 {selected.length} 项</Typography.Text>
          </>
        }
      />
      {dialog && <ApiFormDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </Card>
  );
}
