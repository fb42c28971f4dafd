import { TransferCore } from './transfer-core';
import type { TransferColumn } from './transfer-panel';

/** Spec §3 "Transfer list user". */
export interface TransferUser {
  userNo: string;
  userName: string;
}

const COLUMNS: TransferColumn<TransferUser>[] = [
  { field: 'userNo', title: '用户号', width: 140 },
  { field: 'userName', title: '用户姓名' },
];
const TITLES = ['未分配用户列表', '已分配用户列表'] as const;

export interface UserAssignTransferProps {
  users: readonly TransferUser[];
  /** User numbers assigned (the right list). */
  value: readonly string[];
  onChange: (userNos: string[]) => void;
  listHeight?: number;
}

/** Spec §2 user assign transfer list; the role being assigned is the caller's business. */
export function UserAssignTransfer({ users, value, onChange, listHeight }: UserAssignTransferProps) {
  return (
    <TransferCore
      items={users}
      rowKey="userNo"
      columns={COLUMNS}
      targetKeys={value}
      onChange={onChange}
      titles={TITLES}
      listHeight={listHeight}
    />
  );
}
