import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Table } from 'antd';
import { formatDateTime, type LockedUser } from '@portal/shared';
import { Permission } from '../../../lib/permissions';
import { useMessage } from '../../../lib/countdown-message';
import { lockedUsersQuery, useUnlockUser } from '../api/locked-users';

/** Bank staff: users locked by wrong passwords (issue 4), and unlocking them. */
export function UserUnlockPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const locked = useQuery(lockedUsersQuery);
  const unlock = useUnlockUser();

  return (
    <Card title="用户解锁" extra={<Button onClick={() => void locked.refetch()}>刷新</Button>}>
      <Table<LockedUser>
        rowKey="userId"
        loading={locked.isFetching}
        dataSource={locked.data ?? []}
        locale={{ emptyText: '暂无被锁定的用户' }}
        pagination={false}
        // Like DataTable: columns keep their labels on one line and a phone scrolls the table, not the page.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '登录名', dataIndex: 'username' },
          { title: '用户姓名', dataIndex: 'nickName' },
          { title: '连续失败次数', dataIndex: 'failedAttempts' },
          { title: '锁定时间', dataIndex: 'lockedAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'action',
            render: (_, row) => (
              <Permission names="userUnlock">
                <Button
                  type="link"
                  onClick={() =>
                    modal.confirm({
                      title: '解锁用户',
                      content: `确定解锁用户 ${row.nickName}（${row.username}）吗？`,
                      okText: '解锁',
                      cancelText: '取消',
                      onOk: () => unlock.mutateAsync(row.userId, { onSuccess: () => message.success('解锁成功') }),
                    })
                  }
                >
                  解锁
                </Button>
              </Permission>
            ),
          },
        ]}
      />
    </Card>
  );
}
