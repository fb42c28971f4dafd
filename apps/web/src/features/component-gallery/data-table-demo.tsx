import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Segmented, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { CsvImportButton, DataTable, type RowAction } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { Permission } from '../../lib/permissions';
import { ACCOUNT_COLUMNS } from './account-columns';
import { AccountDetails } from './account-details';
import { ACCOUNT_IMPORT_COLUMNS, importedAccount } from './account-import';
import { createAccountService, type ServiceMode } from './demo-account-service';
import { useStandards } from '../../lib/dictionary';
import { GALLERY_STANDARDS } from './gallery-standards';
import type { CustodyAccount } from './demo-data';
import styles from './component-gallery.module.css';
import { useMessage } from '../../lib/countdown-message';

const QUERY_KEY = ['component-gallery', 'accounts'] as const;

const QUERY_FIELDS: FormField[] = [
  { name: 'accountNo', type: 'text', dict: 'accountNo' },
  { name: 'accountName', type: 'text', dict: 'accountName' },
  { name: 'status', type: 'select', dict: 'accountStatus' },
  { name: 'openDate', type: 'dateRange', dict: 'settleDate', label: '开户日期' },
];

type SelectionChoice = 'checkbox' | 'radio' | 'none';

export function DataTableDemo() {
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [service] = useState(createAccountService);
  const [mode, setMode] = useState<ServiceMode>('normal');
  const [selectionType, setSelectionType] = useState<SelectionChoice>('checkbox');
  const [selected, setSelected] = useState<Key[]>([]);
  const { data: dictionary } = useStandards(GALLERY_STANDARDS);
  const fetchPage = useMemo(() => service.fetchPage(mode), [service, mode]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const rowActions: RowAction<CustodyAccount>[] = [
    {
      key: 'view',
      label: '查看',
      onClick: (row) => modal.info({ title: '账户详情', width: 560, content: <AccountDetails account={row} /> }),
    },
    { key: 'edit', label: '修改', permission: 'accountEdit', onClick: (row) => message.info(`修改账户：${row.accountName}`) },
    {
      key: 'disable',
      label: '停用',
      permission: 'accountEdit',
      danger: true,
      visible: (row) => row.status === '00',
      confirm: (row) => `停用后该账户不能再发起指令，确定停用“${row.accountName}”吗？`,
      onClick: async (row) => {
        service.setStatus(row.accountNo, '01');
        await refresh();
        message.success('账户已停用');
      },
    },
    {
      key: 'enable',
      label: '启用',
      permission: 'accountEdit',
      visible: (row) => row.status === '01',
      onClick: async (row) => {
        service.setStatus(row.accountNo, '00');
        await refresh();
        message.success('账户已启用');
      },
    },
    { key: 'authorise', label: '账户授权', permission: 'accountEdit', onClick: (row) => message.info(`为“${row.accountName}”授权经办员与复核员`) },
    {
      key: 'remove',
      label: '删除',
      permission: 'accountEdit',
      danger: true,
      confirm: (row) => `确定删除账户“${row.accountName}”吗？`,
      onClick: async (row) => {
        service.remove(row.accountNo);
        await refresh();
        message.success('账户已删除');
      },
    },
  ];

  if (!dictionary) return <Skeleton active />;
  return (
    <>
      <div className={styles.demoControls}>
        <Space wrap>
          <Typography.Text type="secondary">选择方式</Typography.Text>
          <Segmented<SelectionChoice>
            aria-label="选择方式"
            value={selectionType}
            onChange={(value) => {
              setSelectionType(value);
              setSelected([]);
            }}
            options={[
              { value: 'checkbox', label: '多选' },
              { value: 'radio', label: '单选' },
              { value: 'none', label: '不可选' },
            ]}
          />
        </Space>
        <Space wrap>
          <Typography.Text type="secondary">接口模拟</Typography.Text>
          <Segmented<ServiceMode>
            aria-label="接口模拟"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'normal', label: '正常' },
              { value: 'empty', label: '无数据' },
              { value: 'error', label: '调用失败' },
            ]}
          />
        </Space>
      </div>
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
