import { isHeld } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Modal, Select, Space } from 'antd';
import { useMemo } from 'react';
import { UserAssignTransfer } from '../../../components/transfer';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { useAssignRole } from '../api/assign-role';
import { rolesQuery } from '../api/list-roles';
import { seatsQuery } from '../api/list-seats';
import { UnsavedMembers, useRoleMembersDraft } from '../role-members-draft';
import { membersToSave, movableMembers } from './role-members';

interface RoleMembersDialogProps {
  /** The administrator's own seat: its roles are not changed here. */
  ownUserNo: string;
  onClose: () => void;
}

/** 角色分配: pick a role, move this enterprise's operators between the two lists, save its members. */
export function RoleMembersDialog({ ownUserNo, onClose }: RoleMembersDialogProps) {
  const message = useMessage();
  const roles = useQuery(rolesQuery);
  const seats = useQuery(seatsQuery);
  const assign = useAssignRole();
  const items = useMemo(() => (seats.data ?? []).filter((s) => s.userNo !== ownUserNo), [seats.data, ownUserNo]);
  const movable = useMemo(() => new Set(items.map((s) => s.userNo)), [items]);
  const { roleId, role, chooseRole, members, setMembers, reset, added, removed, dirty } = useRoleMembersDraft(roles.data ?? [], (r) =>
    movableMembers(r.userNos, movable),
  );

  const save = async () => {
    if (!role) return;
    const done = await assign.mutateAsync({ roleId: role.roleId, userNos: membersToSave(role.userNos, movable, members) }).catch(() => null);
    if (!done) return; // the HTTP client has shown the server's message
    reset();
    announceChange(message, done, isHeld(done) ? '' : `分配成功：加入 ${done.added.length} 个，移出 ${done.removed.length} 个用户`);
  };

  return (
    <Modal
      open
      title="角色分配"
      width={920}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          {dirty && <UnsavedMembers added={added} removed={removed} />}
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" disabled={!dirty} loading={assign.isPending} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="角色">
          <Select<number>
            aria-label="角色"
            style={{ width: 260 }}
            placeholder="请选择角色"
            loading={roles.isPending}
            value={roleId}
            onChange={chooseRole}
            options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
      {role ? (
        <UserAssignTransfer key={role.roleId} users={items} value={members} onChange={setMembers} listHeight={320} />
      ) : (
        <Empty description="请先选择要分配的角色" />
      )}
    </Modal>
  );
}
