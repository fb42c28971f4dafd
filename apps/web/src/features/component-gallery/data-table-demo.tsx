import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { CsvImportButton, DataTable } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { useMessage } from '../../lib/countdown-message';
import { useStandards } from '../../lib/dictionary';
import { Permission } from '../../lib/permissions';
import { ACCOUNT_COLUMNS } from './account-columns';
import { ACCOUNT_IMPORT_COLUMNS, importedAccount } from './account-import';
import { DataTableDemoControls, type SelectionChoice } from './data-table-demo-controls';
import { useDemoAccountActions } from './demo-account-actions';
import { createAccountService, type ServiceMode } from './demo-account-service';
import type { CustodyAccount } from './demo-data';
import { GALLERY_STANDARDS } from './gallery-standards';

const QUERY_KEY = ['component-gallery', 'accounts'] as const;

const QUERY_FIELDS: FormField[] = [
  { name: 'accountNo', type: 'text', dict: 'accountNo' },
  { name: 'accountName', type: 'text', dict: 'accountName' },
  { name: 'status', type: 'select', dict: 'accountStatus' },
  { name: 'openDate', type: 'dateRange', dict: 'settleDate', label: '开户日期' },
];

export function DataTableDemo() {
  const message = useMessage();
  const queryClient = useQueryClient();
  const [service] = useState(createAccountService);
  const [mode, setMode] = useState<ServiceMode>('normal');
  const [selectionType, setSelectionType] = useState<SelectionChoice>('checkbox');
  const [selected, setSelected] = useState<Key[]>([]);
  const { data: dictionary } = useStandards(GALLERY_STANDARDS);
  const fetchPage = useMemo(() => service.fetchPage(mode), [service, mode]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const rowActions = useDemoAccountActions(service, refresh);

  if (!dictionary) return <Skeleton active />;
  return (
    <>
      <DataTableDemoControls
        selectionType={selectionType}
        onSelectionType={(value) => {
          setSelectionType(value);
          setSelected([]);
        }}
        mode={mode}
        onMode={setMode}
      />
      <DataTable<CustodyAccount>
        ariaLabel="托管账户列表"
        queryKey={[...QUERY_KEY, mode]}
        fetchPage={fetchPage}
        columns={ACCOUNT_COLUMNS}
        rowKey="accountNo"
        queryFields={QUERY_FIELDS}
        dictionary={dictionary}
        showIndex
        selection={
          selectionType === 'none'
            ? undefined
            : { type: selectionType, selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }
        }
        rowActions={rowActions}
        toolbar={
          <>
            <Flex wrap gap={8}>
              <Permission names="accountAdd">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => message.info('新增账户请使用下方表单示例')}>
                  新增账户
                </Button>
                <CsvImportButton
                  subject="托管账户"
                  columns={ACCOUNT_IMPORT_COLUMNS}
                  onImport={async (rows) => {
                    service.add(rows.map(importedAccount));
                    await refresh();
                  }}
                />
              </Permission>
            </Flex>
            {selectionType !== 'none' && <Typography.Text type="secondary">已选择 {selected.length} 项</Typography.Text>}
          </>
        }
      />
    </>
  );
}
