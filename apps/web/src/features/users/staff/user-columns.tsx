import type { UserRecord } from '@portal/shared';
import { Tag, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import { PasswordState, RoleTags, SeatStatusTag } from '../../../components/user-tags';

/** The user list's columns; 锁定 only for those who may see the locks (`lockedIds` then). */
export const userColumns = (lockedIds: ReadonlySet<number> | undefined): TableColumnsType<UserRecord> => [
  { title: '用户名', dataIndex: 'username', render: (v: string) => <ClippedText text={v} width={96} /> },
  { title: '用户姓名', dataIndex: 'nickName' },
  { title: '所属企业', dataIndex: 'enterpriseName', render: (v: string) => <ClippedText text={v} width={104} /> },
  { title: '用户号', dataIndex: 'userNo', responsive: WIDE_SCREENS },
  { title: '角色', dataIndex: 'roles', render: (roles: UserRecord['roles']) => <RoleTags roles={roles} /> },
  { title: '状态', key: 'status', render: (_, row) => <SeatStatusTag row={row} /> },
  ...(lockedIds ? [{ title: '锁定', key: 'locked', render: (_: unknown, row: UserRecord) => (lockedIds.has(row.userId) ? <Tag color="red">已锁定</Tag> : '否') }] : []),
  { title: '密码', dataIndex: 'mustChangePassword', render: (must: boolean) => <PasswordState mustChange={must} /> },
];
