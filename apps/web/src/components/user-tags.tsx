import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';

/** A seat's roles as tags; several wrap onto lines instead of widening the list past its card. */
export function RoleTags({ roles, empty }: { roles: readonly { roleId: number; roleName: string }[]; empty?: ReactNode }) {
  if (roles.length === 0 && empty !== undefined) return empty;
  return (
    <Space size={[4, 4]} wrap style={{ maxWidth: 160 }}>
      {roles.map((r) => (
        <Tag key={r.roleId}>{r.roleName}</Tag>
      ))}
    </Space>
  );
}

/** A seat's state: the login stopped, the seat stopped, or in service. */
export function SeatStatusTag({ row }: { row: { status: number; seatStatus: number } }) {
  if (row.status !== 1) return <Tag>用户停用</Tag>;
  if (row.seatStatus !== 1) return <Tag>用户号停用</Tag>;
  return <Tag color="green">启用</Tag>;
}

/** Whether the person still has to change the password they were given. */
export function PasswordState({ mustChange }: { mustChange: boolean }) {
  return mustChange ? <Tag color="orange">待首次修改</Tag> : '正常';
}
