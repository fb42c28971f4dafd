import { PAYEE_CHANGE_KIND, PAYEE_STATUS, PENDING_CHANGE_LABEL, type PayeeChangeKind, type PayeeRecord, type PayeeStatus } from '@portal/shared';
import { Space, Tag } from 'antd';

const COLOURS: Record<PayeeStatus, string> = { '10': 'processing', '20': 'success', '30': 'error', '90': 'default' };

/** The payee's status; beside 已生效, the change waiting for review. */
export function PayeeStatusTag({ record }: { record: Pick<PayeeRecord, 'status' | 'pendingChange'> }) {
  const status = record.status as PayeeStatus;
  const waiting = record.pendingChange && record.pendingChange.kind !== 'add' ? (record.pendingChange.kind as PayeeChangeKind) : null;
  return (
    <Space size={4} wrap>
      <Tag color={COLOURS[status]}>{PAYEE_STATUS[status] ?? record.status}</Tag>
      {waiting && <Tag color="warning">{PENDING_CHANGE_LABEL(waiting)}</Tag>}
    </Space>
  );
}

export const changeKindLabel = (kind: string) => PAYEE_CHANGE_KIND[kind as PayeeChangeKind] ?? kind;
