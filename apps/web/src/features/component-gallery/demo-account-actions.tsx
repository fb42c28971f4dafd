import { App } from 'antd';
import type { RowAction } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { AccountDetails } from './account-details';
import type { AccountService } from './demo-account-service';
import type { CustodyAccount } from './demo-data';

/**
 * The demo list's row actions, as a real list would have them: details, edit, stop or start,
 * authorise and delete (the writes change the made-up accounts, then `refresh` reads them again).
 */
export function useDemoAccountActions(service: AccountService, refresh: () => Promise<unknown>): RowAction<CustodyAccount>[] {
  const { modal } = App.useApp();
  const message = useMessage();
  const write = async (change: () => void, done: string) => {
    change();
    await refresh();
    message.success(done);
  };

  return [
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
      onClick: (row) => write(() => service.setStatus(row.accountNo, '01'), '账户已停用'),
    },
    {
      key: 'enable',
      label: '启用',
      permission: 'accountEdit',
      visible: (row) => row.status === '01',
      onClick: (row) => write(() => service.setStatus(row.accountNo, '00'), '账户已启用'),
    },
    { key: 'authorise', label: '账户授权', permission: 'accountEdit', onClick: (row) => message.info(`为“${row.accountName}”授权经办员与复核员`) },
    {
      key: 'remove',
      label: '删除',
      permission: 'accountEdit',
      danger: true,
      confirm: (row) => `确定删除账户“${row.accountName}”吗？`,
      onClick: (row) => write(() => service.remove(row.accountNo), '账户已删除'),
    },
  ];
}
