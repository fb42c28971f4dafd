import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { UserAssignTransfer, changesOf } from '../../../components/transfer';
import { enterpriseSeatsQuery } from './api/list-seats';
import { operatorRolesQuery } from './api/list-roles';
import { useAssignRole } from './api/operator-writes';
import { membersToSave, movableMembers } from './role-members';
import { useMessage } from '../../../lib/countdown-message';

interface RoleMembersDialogProps {
  /** The administrator's own seat: its roles are not changed here. */
  ownUserNo: string;
  onClose: () => void;
}

/** 角色分配: pick a role, move this enterprise's operators between the two lists, save its members. */
export function RoleMembersDialog({ ownUserNo, onClose }: RoleMembersDialogProps) {
  const { modal } = App.useApp();
  const message = useMessage();
  const roles = useQuery(operatorRolesQuery);
  const seats = useQuery(enterpriseSeatsQuery);
  const assign = useAssignRole();
  const [roleId, setRoleId] = useState<number | undefined>();
  /** Unsaved members of the chosen role; undefined: as the server has them. */
  const [draft, setDraft] = useState<string[] | undefined>();

  const role = roles.data?.find((r) => r.roleId === roleId);
  const items = useMemo(() => (seats.data ?? []).filter((s) => s.userNo !== ownUserNo), [seats.data, ownUserNo]);
  const movable = useMemo(() => new Set(items.map((s) => s.userNo)), [items]);
  const saved = role ? movableMembers(role.userNos, movable) : [];
  const chosen = draft ?? saved;
  const { added, removed } = changesOf(saved, chosen);
  const dirty = added.length + removed.length > 0;

  const chooseRole = (next: number) => {
    const apply = () => {
      setRoleId(next);
      setDraft(undefined);
    };
    if (!dirty) return apply();
    modal.confirm({ title: '切换角色', content: '当前角色的分配尚未保存，确定切换吗？', okText: '切换', cancelText: '取消', onOk: apply });
  };

  const save = async () => {
    if (!role) return;
    const done = await assign.mutateAsync({ roleId: role.roleId, userNos: membersToSave(role.userNos, movable, chosen) }).catch(() => null);
    if (!done) return; // the HTTP client has shown the server's message
    setDraft(undefined);
    message.success(`分配成功：加入 ${done.added.length} 个，移出 ${done.removed.length} 个用户`);
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
          {dirty && (
            <Typography.Text type="warning">
              未保存：加入 {added.length} 个，移出 {removed.length} 个
            </Typography.Text>
          )}
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
        <UserAssignTransfer key={role.roleId} users={items} value={chosen} onChange={setDraft} listHeight={320} />
      ) : (
        <Empty description="请先选择要分配的角色" />
      )}
    </Modal>
  );
}
