import { maskPhone, type UserRecord } from '@portal/shared';
import { Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import { PasswordState, RoleTags, SeatStatusTag } from '../../../components/user-tags';

const SHARED_HINT = '该用户在其他企业也有用户号，其姓名、联系方式、状态、密码和解锁由银行办理';

/** The operator list's columns; `lockedIds` are the people locked by wrong passwords. */
export const operatorColumns = (lockedIds: ReadonlySet<number>): TableColumnsType<UserRecord> => [
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
  { title: '角色', dataIndex: 'roles', render: (roles: UserRecord['roles']) => <RoleTags roles={roles} empty="暂无" /> },
  { title: '手机号', dataIndex: 'mobile', responsive: WIDE_SCREENS, render: (mobile: string) => (mobile ? maskPhone(mobile) : '暂无') },
  {
    title: '状态',
    key: 'status',
    // A lock shows with the status rather than in a column of its own, which would mostly say 否.
    render: (_, row) => (
      <Space size={4}>
        <SeatStatusTag row={row} />
        {lockedIds.has(row.userId) && <Tag color="red">已锁定</Tag>}
      </Space>
    ),
  },
  { title: '密码', dataIndex: 'mustChangePassword', render: (must: boolean) => <PasswordState mustChange={must} /> },
];
