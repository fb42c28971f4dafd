import { accountsApi, type AccountRecord } from '@portal/shared';
import type { RowAction } from '../../components/data-table';
import type { AccountDialog } from './account-dialogs';
import { accountTitle } from './account-format';
import type { AddedState } from './api/list-accounts';
import type { AccountSwitch } from './api/switch-accounts';

interface RowActionHandlers {
  open: (dialog: AccountDialog) => void;
  switchAccounts: (to: AccountSwitch, accounts: AccountRecord[]) => Promise<void>;
}

/** A row's actions: an added account is edited, switched and authorized; one not added yet is added (when usable). */
export function accountRowActions(added: AddedState, { open, switchAccounts }: RowActionHandlers): RowAction<AccountRecord>[] {
  if (added !== 'added') {
    return [
      {
        key: 'add',
        label: '添加',
        permission: 'accountAdd',
        visible: (row) => row.status === accountsApi.ACCOUNT_STATUS_USABLE,
        onClick: (row) => open({ mode: 'add', accountNo: row.accountNo }),
      },
    ];
  }
  return [
    { key: 'edit', label: '修改', permission: 'accountEdit', onClick: (row) => open({ mode: 'edit', account: row }) },
    {
      key: 'forbid',
      label: '停用',
      permission: 'accountUsed',
      danger: true,
      visible: (row) => row.used === 1,
      confirm: (row) => `确定停用账户“${accountTitle(row)}”吗？停用后不能再使用该账户发起指令。`,
      onClick: (row) => switchAccounts('forbid', [row]),
    },
    {
      key: 'start',
      label: '启用',
      permission: 'accountUsed',
      visible: (row) => row.used === 0,
      confirm: (row) => `确定启用账户“${accountTitle(row)}”吗？`,
      onClick: (row) => switchAccounts('start', [row]),
    },
    { key: 'auth', label: '账户授权', permission: 'accountAuth', onClick: (row) => open({ mode: 'auth', account: row }) },
  ];
}
