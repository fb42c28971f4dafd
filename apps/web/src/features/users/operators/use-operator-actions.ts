import { isHeld, type UserRecord } from '@portal/shared';
import type { RowAction } from '../../../components/data-table';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { useDeleteSeat } from '../api/delete-seat';
import { useResetPassword } from '../api/reset-password';
import { useUnlockUser } from '../api/unlock-user';

interface OperatorActionsOptions {
  /** The signed-in administrator's own login. */
  ownUserId: number | undefined;
  /** People locked by wrong passwords. */
  lockedIds: ReadonlySet<number>;
  onEdit: (row: UserRecord) => void;
}

/**
 * The operator list's row actions: 修改 opens the dialog; 解锁, 重置密码 and 删除 write once
 * confirmed. A person with seats elsewhere is the bank's to unlock or reset (the server refuses too).
 */
export function useOperatorActions({ ownUserId, lockedIds, onEdit }: OperatorActionsOptions): RowAction<UserRecord>[] {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const removeSeat = useDeleteSeat();
  const reset = useResetPassword();
  const unlock = useUnlockUser();

  const notMe = (row: UserRecord) => row.userId !== ownUserId;
  const wholly = (row: UserRecord) => notMe(row) && !row.seatsElsewhere;
  const done = async (write: Promise<unknown>, text: string) => {
    // A refusal was shown by the HTTP client; the confirmation just closes.
    const answer = await write.then((a) => ({ a }), () => null);
    if (answer) announceChange(message, answer.a, text);
  };

  return [
    { key: 'edit', label: '修改', permission: 'userEdit', onClick: onEdit },
    {
      key: 'unlock',
      label: '解锁',
      permission: 'userUnlock',
      visible: (row) => wholly(row) && lockedIds.has(row.userId),
      confirm: (row) => `确定解锁操作员“${row.nickName}”（${row.username}）吗？`,
      onClick: (row) => done(unlock.mutateAsync(row.userId), '解锁成功'),
    },
    {
      key: 'reset',
      label: '重置密码',
      permission: 'userResetPassword',
      visible: wholly,
      confirm: (row) => `将为“${row.nickName}”（${row.username}）生成一次性密码，其在线会话立即结束，下次登录须修改密码。确定重置吗？`,
      onClick: async (row) => {
        const result = await reset.mutateAsync(row.userId).catch(() => null);
        if (isHeld(result)) announceChange(message, result, '');
        else if (result) showPassword({ title: '密码已重置', username: result.username, password: result.password });
      },
    },
    // 账户权限 (the seat's account rights, user/personModify) goes here, before 删除.
    {
      key: 'delete',
      label: '删除',
      permission: 'userDelete',
      visible: notMe,
      danger: true,
      confirm: (row) =>
        row.seatsElsewhere
          ? `确定删除“${row.nickName}”在本企业的用户号 ${row.userNo} 吗？其在其他企业的用户号不受影响。`
          : `确定删除操作员“${row.nickName}”（${row.username}）吗？其登录账号将一并删除。`,
      onClick: (row) => done(removeSeat.mutateAsync(row.userNo), '操作员已删除'),
    },
  ];
}
