import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { accountsApi, type AccountRecord } from '@portal/shared';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, useCheckboxSelection, type RowAction } from '../../components/data-table';
import type { FormValues } from '../../components/form-builder';
import { DownloadButton } from '../../components/download-button';
import { Permission, usePermission } from '../../lib/permissions';
import { accountColumns } from './account-columns';
import { AccountDialogs, type AccountDialog } from './account-dialogs';
import { accountTitle } from './account-format';
import { ACCOUNT_QUERY_FIELDS } from './account-query-fields';
import { downloadAccounts } from './api/download-accounts';
import { accountsKey, fetchAccountPage, type AccountFilter, type AddedState } from './api/list-accounts';
import { useSwitchAccounts, type AccountSwitch } from './api/switch-accounts';
import { useMessage } from '../../lib/countdown-message';

const SWITCH_WORDS: Record<AccountSwitch, string> = { start: '启用', forbid: '停用' };

const nameOf = (account: AccountRecord) => accountTitle(account);

const fetchers = { added: fetchAccountPage('added'), notAdded: fetchAccountPage('notAdded') };

/** One side of 账户管理: the query form, the server-paged list, its row and toolbar actions. */
export function AccountList({ added }: { added: AddedState }) {
  const { modal } = App.useApp();
  const message = useMessage();
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [criteria, setCriteria] = useState<FormValues>({});
  const { rows: selectedRows, selection, clear: clearSelection } = useCheckboxSelection<AccountRecord>();
  const switching = useSwitchAccounts();
  const maySwitch = usePermission('accountUsed');

  const switchAccounts = async (to: AccountSwitch, accounts: AccountRecord[]) => {
    try {
      const { changed, unchanged } = await switching.mutateAsync({ to, accountNos: accounts.map((a) => a.accountNo) });
      const word = SWITCH_WORDS[to];
      message.success(`已${word} ${changed.length} 个账户${unchanged.length > 0 ? `，${unchanged.length} 个账户原已${word}` : ''}`);
      clearSelection();
    } catch {
      // The HTTP client has shown the refusal; nothing changed (all or nothing).
    }
  };

  const confirmBatch = (to: AccountSwitch) => {
    const word = SWITCH_WORDS[to];
    modal.confirm({
      title: `确认批量${word}`,
      width: 560,
      content: (
        <>
          <Typography.Paragraph>确定{word}以下 {selectedRows.length} 个账户吗？</Typography.Paragraph>
          <ul style={{ maxHeight: 240, overflow: 'auto', paddingInlineStart: 20, margin: 0 }}>
            {selectedRows.map((a) => (
              <li key={a.accountNo}>{nameOf(a)}</li>
            ))}
          </ul>
        </>
      ),
      okButtonProps: { danger: to === 'forbid' },
      onOk: () => switchAccounts(to, selectedRows),
    });
  };

  const rowActions: RowAction<AccountRecord>[] =
    added === 'added'
      ? [
          { key: 'edit', label: '修改', permission: 'accountEdit', onClick: (row) => setDialog({ mode: 'edit', account: row }) },
          {
            key: 'forbid',
            label: '停用',
            permission: 'accountUsed',
            danger: true,
            visible: (row) => row.used === 1,
            confirm: (row) => `确定停用账户“${nameOf(row)}”吗？停用后不能再使用该账户发起指令。`,
            onClick: (row) => switchAccounts('forbid', [row]),
          },
          {
            key: 'start',
            label: '启用',
            permission: 'accountUsed',
            visible: (row) => row.used === 0,
            confirm: (row) => `确定启用账户“${nameOf(row)}”吗？`,
            onClick: (row) => switchAccounts('start', [row]),
          },
          { key: 'auth', label: '账户授权', permission: 'accountAuth', onClick: (row) => setDialog({ mode: 'auth', account: row }) },
        ]
      : [
          {
            key: 'add',
            label: '添加',
            permission: 'accountAdd',
            visible: (row) => row.status === accountsApi.ACCOUNT_STATUS_USABLE,
            onClick: (row) => setDialog({ mode: 'add', accountNo: row.accountNo }),
          },
        ];

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
        rowActions={rowActions}
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
                  <Button disabled={selectedRows.length === 0 || tooMany} onClick={() => confirmBatch('start')}>
                    批量启用
                  </Button>
                  <Button danger disabled={selectedRows.length === 0 || tooMany} onClick={() => confirmBatch('forbid')}>
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
