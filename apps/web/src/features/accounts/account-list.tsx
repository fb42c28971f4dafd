import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { accountsApi, type AccountRecord } from '@portal/shared';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, useCheckboxSelection } from '../../components/data-table';
import type { FormValues } from '../../components/form-builder';
import { DownloadButton } from '../../components/download-button';
import { Permission, usePermission } from '../../lib/permissions';
import { accountColumns } from './account-columns';
import { AccountDialogs, type AccountDialog } from './account-dialogs';
import { accountRowActions } from './account-row-actions';
import { useAccountSwitch } from './account-switch';
import { ACCOUNT_QUERY_FIELDS } from './account-query-fields';
import { downloadAccounts } from './api/download-accounts';
import { accountsKey, fetchAccountPage, type AccountFilter, type AddedState } from './api/list-accounts';

const fetchers = { added: fetchAccountPage('added'), notAdded: fetchAccountPage('notAdded') };

/** One side of 账户管理: the query form, the server-paged list, its row and toolbar actions. */
export function AccountList({ added }: { added: AddedState }) {
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [criteria, setCriteria] = useState<FormValues>({});
  const { rows: selectedRows, selection, clear: clearSelection } = useCheckboxSelection<AccountRecord>();
  const { switchAccounts, confirmBatch } = useAccountSwitch(clearSelection);
  const maySwitch = usePermission('accountUsed');

  const tooMany = selectedRows.length > accountsApi.ACCOUNT_SELECTION_MAX;
  const filter = { ...criteria, added } as AccountFilter;
  return (
    <>
      <DataTable<AccountRecord>
        ariaLabel={added === 'added' ? '已添加账户列表' : '未添加账户列表'}
        queryKey={[...accountsKey, 'list', added]}
        fetchPage={fetchers[added]}
        columns={accountColumns(added, (account) => setDialog({ mode: 'detail', account }))}
        rowKey="accountNo"
        showIndex
        queryFields={ACCOUNT_QUERY_FIELDS}
        onCriteriaChange={setCriteria}
        rowActions={accountRowActions(added, { open: setDialog, switchAccounts })}
        selection={
          added === 'added' && maySwitch ? selection : undefined
        }
        toolbar={
          <>
            {/* Flex, not Space: Space puts gaps only between its own children, and one Permission holds two buttons. */}
            <Flex wrap gap={8}>
              <Permission names="accountAdd">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
                  添加账户
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => setDialog({ mode: 'batch' })}>
                  批量添加
                </Button>
              </Permission>
              {added === 'added' && maySwitch && (
                <>
                  <Button disabled={selectedRows.length === 0 || tooMany} onClick={() => confirmBatch('start', selectedRows)}>
                    批量启用
                  </Button>
                  <Button danger disabled={selectedRows.length === 0 || tooMany} onClick={() => confirmBatch('forbid', selectedRows)}>
                    批量停用
                  </Button>
                </>
              )}
              <DownloadButton subject="账户列表" download={() => downloadAccounts(filter)}>
                下载
              </DownloadButton>
            </Flex>
            {added === 'added' && maySwitch && (
              <Typography.Text type={tooMany ? 'danger' : 'secondary'}>
                {tooMany ? `一次最多选择${accountsApi.ACCOUNT_SELECTION_MAX}个账户，已选择 ${selectedRows.length} 个` : `已选择 ${selectedRows.length} 个账户`}
              </Typography.Text>
            )}
          </>
        }
      />
      <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
