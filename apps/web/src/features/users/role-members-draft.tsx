import { App, Typography } from 'antd';
import { useState } from 'react';
import { changesOf } from '../../components/transfer';

/**
 * The role whose members are being assigned and the members chosen for it but not yet saved.
 * Choosing another role while changes are unsaved asks first; `reset` drops the changes (also
 * the thing to do once they are saved). `savedMembers` says which of the role's members the
 * transfer list shows as saved.
 */
export function useRoleMembersDraft<R extends { roleId: number }>(roles: readonly R[], savedMembers: (role: R) => readonly string[]) {
  const { modal } = App.useApp();
  const [roleId, setRoleId] = useState<number | undefined>();
  /** Unsaved members of the chosen role; undefined: as the server has them. */
  const [draft, setDraft] = useState<string[] | undefined>();

  const role = roles.find((r) => r.roleId === roleId);
  const saved = role ? savedMembers(role) : [];
  const members = draft ?? [...saved];
  const { added, removed } = changesOf(saved, members);
  const dirty = added.length + removed.length > 0;

  const chooseRole = (next: number) => {
    const apply = () => {
      setRoleId(next);
      setDraft(undefined);
    };
    if (!dirty) return apply();
    modal.confirm({ title: '切换角色', content: '当前角色的分配尚未保存，确定切换吗？', okText: '切换', cancelText: '取消', onOk: apply });
  };

  return { roleId, role, chooseRole, members, setMembers: setDraft, reset: () => setDraft(undefined), added, removed, dirty };
}

/** What saving would change; rendered only while something is unsaved. */
export function UnsavedMembers({ added, removed }: { added: readonly string[]; removed: readonly string[] }) {
  return (
    <Typography.Text type="warning">
      未保存：加入 {added.length} 个，移出 {removed.length} 个
    </Typography.Text>
  );
}
