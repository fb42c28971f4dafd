import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isHeld, type UserRecord } from '@portal/shared';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { Permission } from '../../../lib/permissions';
import { currentUserQuery } from '../../../lib/session';
import { lockedUsersQuery } from '../api/list-locked-users';
import { fetchUserPage, userListKey } from '../api/list-users';
import { OperatorAddDialog } from './operator-add-dialog';
import { operatorColumns } from './operator-columns';
import { OperatorEditDialog } from './operator-edit-dialog';
import { RoleMembersDialog } from './role-members-dialog';
import { useOperatorActions } from './use-operator-actions';

type Dialog = { mode: 'add' } | { mode: 'edit'; userId: number } | { mode: 'roles' } | null;

const QUERY_FIELDS: FormField[] = [
  { name: 'username', type: 'text', label: '用户名' },
  { name: 'nickName', type: 'text', label: '用户姓名' },
];

/** 新增操作员 and 角色分配, for those who may. */
function OperatorToolbar({ onAdd, onAssignRoles }: { onAdd: () => void; onAssignRoles: () => void }) {
  return (
    <Space>
      <Permission names="userAdd">
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          新增操作员
        </Button>
      </Permission>
      <Permission names="userAssign">
        <Button icon={<TeamOutlined />} onClick={onAssignRoles}>
          角色分配
        </Button>
      </Permission>
    </Space>
  );
}

/**
 * 系统管理 › 操作员管理 (enterprise administrator): the operators of the administrator's own
 * enterprise, a row per seat, with their roles. The server scopes every call to that enterprise.
 */
export function OperatorManagementPage() {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useQuery(currentUserQuery).data;
  const locked = useQuery(lockedUsersQuery);
  const lockedIds = new Set((locked.data ?? []).map((u) => u.userId));
  const rowActions = useOperatorActions({ ownUserId: me?.userId, lockedIds, onEdit: (row) => setDialog({ mode: 'edit', userId: row.userId }) });
  const close = () => setDialog(null);

  return (
    <Card title="操作员管理">
      <DataTable<UserRecord>
        ariaLabel="操作员列表"
        queryKey={userListKey}
        fetchPage={fetchUserPage}
        rowKey="userNo"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        maxInlineActions={4}
        toolbar={<OperatorToolbar onAdd={() => setDialog({ mode: 'add' })} onAssignRoles={() => setDialog({ mode: 'roles' })} />}
        columns={operatorColumns(lockedIds)}
      />
      {dialog?.mode === 'add' && me && (
        <OperatorAddDialog
          enterpriseNo={me.enterpriseNo}
          onClose={close}
          onAdded={(added) => {
            close();
            if (isHeld(added)) return void announceChange(message, added, '');
            showPassword({ title: '操作员已创建', intro: `操作员已创建，用户号为 ${added.userNo}。`, username: added.username, password: added.initialPassword });
          }}
        />
      )}
      {dialog?.mode === 'edit' && (
        <OperatorEditDialog
          userId={dialog.userId}
          self={dialog.userId === me?.userId}
          onClose={close}
          onUpdated={(answer) => {
            close();
            announceChange(message, answer, '操作员已修改');
          }}
        />
      )}
      {dialog?.mode === 'roles' && me && <RoleMembersDialog ownUserNo={me.userNo} onClose={close} />}
    </Card>
  );
}
