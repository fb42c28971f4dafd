import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { maskPhone, type UserRecord } from '@portal/shared';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS, type RowAction } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { Permission } from '../../../lib/permissions';
import { currentUserQuery } from '../../../lib/session';
import { lockedOperatorsQuery } from './api/list-locked';
import { fetchOperatorPage, operatorsKey } from './api/list-operators';
import { useDeleteSeat, useResetPassword, useUnlockOperator } from './api/operator-writes';
import { OperatorAddDialog } from './operator-add-dialog';
import { OperatorEditDialog } from './operator-edit-dialog';
import { RoleMembersDialog } from './role-members-dialog';
import { useMessage } from '../../../lib/countdown-message';

type Dialog = { mode: 'add' } | { mode: 'edit'; userId: number } | { mode: 'roles' } | null;

const QUERY_FIELDS: FormField[] = [
  { name: 'username', type: 'text', label: '用户名' },
  { name: 'nickName', type: 'text', label: '用户姓名' },
];

const SHARED_HINT = '该用户在其他企业也有用户号，其姓名、联系方式、状态、密码和解锁由银行办理';

/**
 * 系统管理 › 操作员管理 (enterprise administrator): the operators of the administrator's own
 * enterprise, a row per seat, with their roles. The server scopes every call to that enterprise.
 */
export function OperatorManagementPage() {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useQuery(currentUserQuery).data;
  const locked = useQuery(lockedOperatorsQuery);
  const lockedIds = new Set((locked.data ?? []).map((u) => u.userId));
  const removeSeat = useDeleteSeat();
  const reset = useResetPassword();
  const unlock = useUnlockOperator();

  const notMe = (row: UserRecord) => row.userId !== me?.userId;
  // A person with seats elsewhere is the bank's to change as a whole (the server refuses too).
  const wholly = (row: UserRecord) => notMe(row) && !row.seatsElsewhere;
  const done = async (write: Promise<unknown>, text: string) => {
    // A refusal was shown by the HTTP client; the confirmation just closes.
    if (await write.then(() => true, () => false)) message.success(text);
  };

  const rowActions: RowAction<UserRecord>[] = [
    { key: 'edit', label: '修改', permission: 'userEdit', onClick: (row) => setDialog({ mode: 'edit', userId: row.userId }) },
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
        if (result) showPassword({ title: '密码已重置', username: result.username, password: result.password });
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

  return (
    <Card title="操作员管理">
      <DataTable<UserRecord>
        ariaLabel="操作员列表"
        queryKey={operatorsKey}
        fetchPage={fetchOperatorPage}
        rowKey="userNo"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        maxInlineActions={4}
        toolbar={
          <Space>
            <Permission names="userAdd">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
                新增操作员
              </Button>
            </Permission>
            <Permission names="userAssign">
              <Button icon={<TeamOutlined />} onClick={() => setDialog({ mode: 'roles' })}>
                角色分配
              </Button>
            </Permission>
          </Space>
        }
        columns={[
          { title: '用户名', dataIndex: 'username', render: (v: string) => <ClippedText text={v} width={110} /> },
          {
            title: '用户姓名',
            key: 'nickName',
            render: (_, row) => (
              <Space size={4}>
                {row.nickName}
                {row.seatsElsewhere && (
                  <Tooltip title={SHARED_HINT}>
                    <Tag>多企业</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: '用户号', dataIndex: 'userNo' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: UserRecord['roles']) =>
              roles.length === 0 ? (
                '暂无'
              ) : (
                // Several roles wrap onto lines instead of widening the list past its card.
                <Space size={[4, 4]} wrap style={{ maxWidth: 160 }}>
                  {roles.map((r) => (
                    <Tag key={r.roleId}>{r.roleName}</Tag>
                  ))}
                </Space>
              ),
          },
          { title: '手机号', dataIndex: 'mobile', responsive: WIDE_SCREENS, render: (mobile: string) => (mobile ? maskPhone(mobile) : '暂无') },
          {
            title: '状态',
            key: 'status',
            // A lock shows with the status rather than in a column of its own, which would mostly say 否.
            render: (_, row) => (
              <Space size={4}>
                {row.status !== 1 ? <Tag>用户停用</Tag> : row.seatStatus !== 1 ? <Tag>用户号停用</Tag> : <Tag color="green">启用</Tag>}
                {lockedIds.has(row.userId) && <Tag color="red">已锁定</Tag>}
              </Space>
            ),
          },
          { title: '密码', dataIndex: 'mustChangePassword', render: (must: boolean) => (must ? <Tag color="orange">待首次修改</Tag> : '正常') },
        ]}
      />
      {dialog?.mode === 'add' && me && (
        <OperatorAddDialog
          enterpriseNo={me.enterpriseNo}
          onClose={() => setDialog(null)}
          onAdded={(added) => {
            setDialog(null);
            showPassword({ title: '操作员已创建', intro: `操作员已创建，用户号为 ${added.userNo}。`, username: added.username, password: added.initialPassword });
          }}
        />
      )}
      {dialog?.mode === 'edit' && (
        <OperatorEditDialog
          userId={dialog.userId}
          self={dialog.userId === me?.userId}
          onClose={() => setDialog(null)}
          onUpdated={() => {
            setDialog(null);
            message.success('操作员已修改');
          }}
        />
      )}
      {dialog?.mode === 'roles' && me && <RoleMembersDialog ownUserNo={me.userNo} onClose={() => setDialog(null)} />}
    </Card>
  );
}
