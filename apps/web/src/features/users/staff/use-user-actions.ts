import { isHeld, type UserRecord } from '@portal/shared';
import type { RowAction } from '../../../components/data-table';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { useDeleteSeat } from '../api/delete-seat';
import { useResetPassword } from '../api/reset-password';

/** A refused write was already shown by the HTTP client; the confirmation just closes. */
const settle = <T,>(write: Promise<T>) => write.then(
  (value) => ({ ok: true as const, value }),
  () => ({ ok: false as const }),
);

interface UserActionsOptions {
  /** The signed-in staff member's own login: they reset their own password the ordinary way and cannot delete themselves (the server refuses too). */
  ownUserId: number | undefined;
  onEdit: (row: UserRecord) => void;
}

/** The user list's row actions: 修改 opens the dialog; 重置密码 and 删除 (a seat) write once confirmed. */
export function useUserActions({ ownUserId, onEdit }: UserActionsOptions): RowAction<UserRecord>[] {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const removeSeat = useDeleteSeat();
  const reset = useResetPassword();
  const notMe = (row: UserRecord) => row.userId !== ownUserId;

  return [
    { key: 'edit', label: '修改', permission: 'userEdit', onClick: onEdit },
    {
      key: 'reset',
      label: '重置密码',
      permission: 'userResetPassword',
      visible: notMe,
      confirm: (row) => `将为“${row.nickName}”（${row.username}）生成一次性密码，其在线会话立即结束，下次登录须修改密码。确定重置吗？`,
      onClick: async (row) => {
        const result = await settle(reset.mutateAsync(row.userId));
        const answer = result.ok ? result.value : null;
        if (isHeld(answer)) announceChange(message, answer, '');
        else if (answer) showPassword({ title: '密码已重置', username: answer.username, password: answer.password });
      },
    },
    {
      key: 'delete',
      label: '删除',
      permission: 'userDelete',
      visible: notMe,
      danger: true,
      confirm: (row) => `确定删除“${row.nickName}”在“${row.enterpriseName}”的用户号 ${row.userNo} 吗？若这是其最后一个用户号，该用户也将一并删除。`,
      onClick: async (row) => {
        const result = await settle(removeSeat.mutateAsync(row.userNo));
        if (result.ok) announceChange(message, result.value, !isHeld(result.value) && result.value.userDeleted ? '用户号已删除，该用户已无其他用户号，一并删除' : '用户号已删除');
      },
    },
  ];
}
