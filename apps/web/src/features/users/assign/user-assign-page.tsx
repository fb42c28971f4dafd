import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { UserAssignTransfer, changesOf } from '../../../components/transfer';
import { Permission } from '../../../lib/permissions';
import { allUsersQuery } from './api/user-all';
import { userRolesQuery } from './api/user-roles';
import { useAssignRoleUsers } from './api/user-roles-assign';
import { assignableRoles, candidatesFor } from './assign-plan';
import { useMessage } from '../../../lib/countdown-message';

/** API网关管理 › 用户分配: pick a role, move user numbers between the two lists, save the members. */
export function UserAssignPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const roles = useQuery(userRolesQuery);
  const users = useQuery(allUsersQuery);
  const assign = useAssignRoleUsers();
  const [roleId, setRoleId] = useState<number | undefined>();
  /** The clerk's unsaved members of the chosen role; undefined: as the server has them. */
  const [draft, setDraft] = useState<string[] | undefined>();

  const choices = useMemo(() => assignableRoles(roles.data ?? []), [roles.data]);
  const role = choices.find((r) => r.roleId === roleId);
  const saved = role?.userNos ?? [];
  const members = draft ?? [...saved];
  const items = useMemo(() => {
    const chosen = roles.data?.find((r) => r.roleId === roleId);
    return chosen ? candidatesFor(chosen, users.data ?? []) : [];
  }, [roles.data, roleId, users.data]);
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
        setDraft(undefined);
        message.success(`分配成功：加入 ${done.added.length} 个，移出 ${done.removed.length} 个用户`);
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
            <Button disabled={!dirty} onClick={() => setDraft(undefined)}>
              重置
            </Button>
            {dirty && (
              <Typography.Text type="warning">
                未保存：加入 {added.length} 个，移出 {removed.length} 个
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
      </Form>
      {role ? (
        <UserAssignTransfer key={role.roleId} users={items} value={members} onChange={setDraft} />
      ) : (
        <Empty description="请先选择要分配用户的角色" />
      )}
    </Card>
  );
}
