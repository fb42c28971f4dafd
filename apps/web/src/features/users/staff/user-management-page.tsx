import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isHeld, type UserRecord } from '@portal/shared';
import { Button, Card } from 'antd';
import { use, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { useOneTimePasswordNotice } from '../../../components/one-time-password';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';
import { AccessContext, Permission } from '../../../lib/permissions';
import { currentUserQuery } from '../../../lib/session';
import { enterpriseOptionsQuery } from '../api/list-enterprises';
import { lockedUsersQuery } from '../api/list-locked-users';
import { fetchUserPage, userListKey } from '../api/list-users';
import { useUserActions } from './use-user-actions';
import { UserAddDialog } from './user-add-dialog';
import { userColumns } from './user-columns';
import { UserEditDialog } from './user-edit-dialog';

type Dialog = { mode: 'add' } | { mode: 'edit'; userId: number } | null;

/** The list's criteria: name, and the enterprise among those in service. */
function useQueryFields(): FormField[] {
  const enterprises = useQuery(enterpriseOptionsQuery);
  return [
    { name: 'username', type: 'text', label: '用户名' },
    { name: 'nickName', type: 'text', label: '用户姓名' },
    {
      name: 'enterpriseNo',
      type: 'select',
      label: '所属企业',
      options: (enterprises.data ?? []).map((e) => ({ key: e.enterpriseNo, value: e.enterpriseName })),
    },
  ];
}

/** 系统管理 › 用户管理 (bank staff): a row per seat (a person in one enterprise) with its roles, in every enterprise. */
export function UserManagementPage() {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryFields = useQueryFields();
  const me = useQuery(currentUserQuery).data;
  // The lock state comes from the unlock screen's list, for those who may see it.
  const mayUnlock = use(AccessContext).includes('USER_UNLOCK');
  const locked = useQuery({ ...lockedUsersQuery, enabled: mayUnlock });
  const lockedIds = new Set((locked.data ?? []).map((u) => u.userId));
  const rowActions = useUserActions({ ownUserId: me?.userId, onEdit: (row) => setDialog({ mode: 'edit', userId: row.userId }) });
  const close = () => setDialog(null);

  return (
    <Card title="用户管理">
      <DataTable<UserRecord>
        ariaLabel="用户列表"
        queryKey={userListKey}
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
        columns={userColumns(mayUnlock ? lockedIds : undefined)}
      />
      {dialog?.mode === 'add' && (
        <UserAddDialog
          onClose={close}
          onAdded={(added) => {
            close();
            if (isHeld(added)) return void announceChange(message, added, '');
            showPassword({ title: '用户已创建', intro: `用户已创建，用户号为 ${added.userNo}。`, username: added.username, password: added.initialPassword });
          }}
        />
      )}
      {dialog?.mode === 'edit' && (
        <UserEditDialog
          userId={dialog.userId}
          onClose={close}
          onUpdated={(answer) => {
            close();
            announceChange(message, answer, '用户已修改');
          }}
        />
      )}
    </Card>
  );
}
