import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@portal/shared';
import { Button, Card, Space, Tag } from 'antd';
import { use, useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS, type RowAction } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { AccessContext, Permission } from '../../../lib/permissions';
import { currentUserQuery } from '../../../lib/session';
import { useDeleteSeat } from './api/delete-seat';
import { enterpriseOptionsQuery } from './api/list-enterprises';
import { lockedUsersQuery } from './api/list-locked-users';
import { fetchUserPage, usersKey } from './api/list-users';
import { useResetPassword } from './api/reset-password';
import { UserAddDialog } from './user-add-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { useMessage } from '../../../lib/countdown-message';

/** A refused write was already shown by the HTTP client; the confirmation just closes. */
const settle = <T,>(write: Promise<T>) => write.then(
  (value) => ({ ok: true as const, value }),
  () => ({ ok: false as const }),
);

type Dialog = { mode: 'add' } | { mode: 'edit'; userId: number } | null;

/** 系统管理 › 用户管理: a row per seat (a person in one enterprise) with its roles. */
export function UserManagementPage() {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const enterprises = useQuery(enterpriseOptionsQuery);
  // Staff reset their own password the ordinary way and cannot delete themselves (the server refuses too).
  const me = useQuery(currentUserQuery).data;
  const notMe = (row: UserRecord) => row.userId !== me?.userId;
  // The lock state comes from the unlock screen's list, for those who may see it.
  const mayUnlock = use(AccessContext).includes('USER_UNLOCK');
  const locked = useQuery({ ...lockedUsersQuery, enabled: mayUnlock });
  const lockedIds = new Set((locked.data ?? []).map((u) => u.userId));
  const removeSeat = useDeleteSeat();
  const reset = useResetPassword();

  const queryFields: FormField[] = [
    { name: 'username', type: 'text', label: '用户名' },
    { name: 'nickName', type: 'text', label: '用户姓名' },
    {
      name: 'enterpriseNo',
      type: 'select',
      label: '所属企业',
      options: (enterprises.data ?? []).map((e) => ({ key: e.enterpriseNo, value: e.enterpriseName })),
    },
  ];

  const rowActions: RowAction<UserRecord>[] = [
    { key: 'edit', label: '修改', permission: 'userEdit', onClick: (row) => setDialog({ mode: 'edit', userId: row.userId }) },
    {
      key: 'reset',
      label: '重置密码',
      permission: 'userResetPassword',
      visible: notMe,
      confirm: (row) => `将为“${row.nickName}”（${row.username}）生成一次性密码，其在线会话立即结束，下次登录须修改密码。确定重置吗？`,
      onClick: async (row) => {
        const result = await settle(reset.mutateAsync(row.userId));
        if (result.ok) showPassword({ title: '密码已重置', username: result.value.username, password: result.value.password });
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
        if (result.ok) message.success(result.value.userDeleted ? '用户号已删除，该用户已无其他用户号，一并删除' : '用户号已删除');
      },
    },
  ];

  return (
    <Card title="用户管理">
      <DataTable<UserRecord>
        ariaLabel="用户列表"
        queryKey={usersKey}
        fetchPage={fetchUserPage}
        rowKey="userNo"
        showIndex
        queryFields={queryFields}
        rowActions={rowActions}
        toolbar={
          <Permission names="userAdd">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
              新增用户
            </Button>
          </Permission>
        }
        columns={[
          { title: '用户名', dataIndex: 'username', render: (v: string) => <ClippedText text={v} width={96} /> },
          { title: '用户姓名', dataIndex: 'nickName' },
          { title: '所属企业', dataIndex: 'enterpriseName', render: (v: string) => <ClippedText text={v} width={104} /> },
          { title: '用户号', dataIndex: 'userNo', responsive: WIDE_SCREENS },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: UserRecord['roles']) => (
              // Several roles wrap onto lines instead of widening the list past its card.
              <Space size={[4, 4]} wrap style={{ maxWidth: 160 }}>
                {roles.map((r) => (
                  <Tag key={r.roleId}>{r.roleName}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'status',
            render: (_, row) =>
              row.status !== 1 ? <Tag>用户停用</Tag> : row.seatStatus !== 1 ? <Tag>用户号停用</Tag> : <Tag color="green">启用</Tag>,
          },
          ...(mayUnlock
            ? [{ title: '锁定', key: 'locked', render: (_: unknown, row: UserRecord) => (lockedIds.has(row.userId) ? <Tag color="red">已锁定</Tag> : '否') }]
            : []),
          {
            title: '密码',
            dataIndex: 'mustChangePassword',
            render: (must: boolean) => (must ? <Tag color="orange">待首次修改</Tag> : '正常'),
          },
        ]}
      />
      {dialog?.mode === 'add' && (
        <UserAddDialog
          onClose={() => setDialog(null)}
          onAdded={(added) => {
            setDialog(null);
            showPassword({
              title: '用户已创建',
              intro: `用户已创建，用户号为 ${added.userNo}。`,
              username: added.username,
              password: added.initialPassword,
            });
          }}
        />
      )}
      {dialog?.mode === 'edit' && (
        <UserEditDialog
          userId={dialog.userId}
          onClose={() => setDialog(null)}
          onUpdated={() => {
            setDialog(null);
            message.success('用户已修改');
          }}
        />
      )}
    </Card>
  );
}
