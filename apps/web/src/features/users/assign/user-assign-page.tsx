import { isHeld } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Select, Space } from 'antd';
import { useMemo } from 'react';
import { UserAssignTransfer } from '../../../components/transfer';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { Permission } from '../../../lib/permissions';
import { useAssignRole } from '../api/assign-role';
import { rolesQuery } from '../api/list-roles';
import { seatsQuery } from '../api/list-seats';
import { UnsavedMembers, useRoleMembersDraft } from '../role-members-draft';
import { assignableRoles, candidatesFor } from './assign-plan';

/** API网关管理 › 用户分配: pick a role, move user numbers between the two lists, save the members. */
export function UserAssignPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const roles = useQuery(rolesQuery);
  const users = useQuery(seatsQuery);
  const assign = useAssignRole();
  const choices = useMemo(() => assignableRoles(roles.data ?? []), [roles.data]);
  const { roleId, role, chooseRole, members, setMembers, reset, added, removed, dirty } = useRoleMembersDraft(choices, (r) => r.userNos);
  const items = useMemo(() => (role ? candidatesFor(role, users.data ?? []) : []), [role, users.data]);

  const save = () => {
    if (!role) return;
    modal.confirm({
      title: '保存分配',
      content: `确定为角色“${role.roleName}”加入 ${added.length} 个、移出 ${removed.length} 个用户吗？`,
      okText: '保存',
      cancelText: '取消',
      onOk: async () => {
        const done = await assign.mutateAsync({ roleId: role.roleId, userNos: members }).catch(() => null);
        if (!done) return; // the HTTP client has shown the server's message
        reset();
        announceChange(message, done, isHeld(done) ? '' : `分配成功：加入 ${done.added.length} 个，移出 ${done.removed.length} 个用户`);
      },
    });
  };

  const loadError = roles.error ?? users.error;
  return (
    <Card title="用户分配">
      {loadError && <Alert type="error" showIcon title="数据加载失败" description={loadError.message} style={{ marginBottom: 16 }} />}
      {/* On a phone the select narrows to the card and the buttons wrap below it with a gap. */}
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item label="角色" style={{ maxWidth: '100%' }}>
          <Select<number>
            aria-label="角色"
            style={{ width: 280, maxWidth: '100%' }}
            placeholder="请选择角色"
            loading={roles.isPending}
            value={roleId}
            onChange={chooseRole}
            showSearch={{ optionFilterProp: 'label' }}
            options={choices.map((r) => ({ value: r.roleId, label: `${r.roleName}（${r.roleCode}）` }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Permission names="userAssign">
              <Button type="primary" disabled={!dirty} loading={assign.isPending} onClick={save}>
                保存
              </Button>
            </Permission>
            <Button disabled={!dirty} onClick={reset}>
              重置
            </Button>
            {dirty && <UnsavedMembers added={added} removed={removed} />}
          </Space>
        </Form.Item>
      </Form>
      {role ? (
        <UserAssignTransfer key={role.roleId} users={items} value={members} onChange={setMembers} />
      ) : (
        <Empty description="请先选择要分配用户的角色" />
      )}
    </Card>
  );
}
