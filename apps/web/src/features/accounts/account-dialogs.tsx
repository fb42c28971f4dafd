import type { AccountRecord } from '@portal/shared';
import { Modal } from 'antd';
import { usePermission } from '../../lib/permissions';
import { AccountAddDialog } from './account-add-dialog';
import { AccountAuthDialog } from './account-auth-dialog';
import { AccountBatchDialog } from './account-batch-dialog';
import { AccountDetails } from './account-details';
import { AccountEditDialog } from './account-edit-dialog';
import { accountTitle } from './account-format';
import { useMessage } from '../../lib/countdown-message';
import { announceChange } from '../../lib/held-change';

/** The dialog a list has open: details, add (from a row of 未添加账户, with its number), batch, edit or authorize. */
export type AccountDialog =
  | { mode: 'detail'; account: AccountRecord }
  | { mode: 'add'; accountNo?: string }
  | { mode: 'batch' }
  | { mode: 'edit'; account: AccountRecord }
  | { mode: 'auth'; account: AccountRecord };

/** Opens the asked dialog and says how its write went. */
export function AccountDialogs({ dialog, onClose }: { dialog: AccountDialog | null; onClose: () => void }) {
  const message = useMessage();
  const mayAdd = usePermission('accountAdd');
  if (!dialog) return null;
  return (
    <>
      {dialog.mode === 'detail' && (
        <Modal open title={accountTitle(dialog.account)} width={760} footer={null} onCancel={onClose}>
          <AccountDetails account={dialog.account} />
        </Modal>
      )}
      {dialog.mode === 'add' && mayAdd && (
        <AccountAddDialog
          accountNo={dialog.accountNo}
          onClose={onClose}
          onAdded={(account) => {
            onClose();
            message.success(`账户“${accountTitle(account)}”已添加`);
          }}
        />
      )}
      {dialog.mode === 'batch' && mayAdd && (
        <AccountBatchDialog
          onClose={onClose}
          onAdded={(rowCount) => {
            onClose();
            message.success(`批量添加成功，共添加 ${rowCount} 个账户`);
          }}
        />
      )}
      {dialog.mode === 'edit' && (
        <AccountEditDialog
          account={dialog.account}
          onClose={onClose}
          onUpdated={() => {
            onClose();
            message.success('账户已修改');
          }}
        />
      )}
      {dialog.mode === 'auth' && (
        <AccountAuthDialog
          account={dialog.account}
          onClose={onClose}
          onSaved={(count, held) => {
            onClose();
            announceChange(message, held, `账户授权已保存，${count} 个操作员的权限已更新`);
          }}
        />
      )}
    </>
  );
}
