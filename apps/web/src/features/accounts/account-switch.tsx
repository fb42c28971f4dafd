import type { AccountRecord } from '@portal/shared';
import { App, Typography } from 'antd';
import { useMessage } from '../../lib/countdown-message';
import { accountTitle } from './account-format';
import { useSwitchAccounts, type AccountSwitch } from './api/switch-accounts';

const SWITCH_WORDS: Record<AccountSwitch, string> = { start: '启用', forbid: '停用' };

/** 启用 / 停用 of one account or of the selected ones (confirmed with their names first); the selection is cleared once done. */
export function useAccountSwitch(clearSelection: () => void) {
  const { modal } = App.useApp();
  const message = useMessage();
  const switching = useSwitchAccounts();

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

  const confirmBatch = (to: AccountSwitch, accounts: AccountRecord[]) => {
    const word = SWITCH_WORDS[to];
    modal.confirm({
      title: `确认批量${word}`,
      width: 560,
      content: (
        <>
          <Typography.Paragraph>确定{word}以下 {accounts.length} 个账户吗？</Typography.Paragraph>
          <ul style={{ maxHeight: 240, overflow: 'auto', paddingInlineStart: 20, margin: 0 }}>
            {accounts.map((a) => (
              <li key={a.accountNo}>{accountTitle(a)}</li>
            ))}
          </ul>
        </>
      ),
      okButtonProps: { danger: to === 'forbid' },
      onOk: () => switchAccounts(to, accounts),
    });
  };

  return { switchAccounts, confirmBatch };
}
