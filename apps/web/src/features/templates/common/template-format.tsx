import { LockOutlined } from '@ant-design/icons';
import {
  TEMPLATE_CHANGE_KIND,
  TEMPLATE_LOCKABLE,
  TEMPLATE_STATUS,
  codeLabel,
  groupAccountNo,
  type TemplateChangeKind,
  type TemplateField,
  type TemplateRecord,
  type TemplateStatus,
} from '@portal/shared';
import { Space, Tag } from 'antd';

const COLOURS: Record<TemplateStatus, string> = { '10': 'processing', '20': 'success', '30': 'error', '90': 'default' };

/** The template's status and version; beside 已生效, the change waiting for review. */
export function TemplateStatusTag({ record }: { record: Pick<TemplateRecord, 'status' | 'pendingChange' | 'revision'> }) {
  const status = record.status as TemplateStatus;
  const waiting = record.pendingChange && record.pendingChange.kind !== 'add' ? (record.pendingChange.kind as TemplateChangeKind) : null;
  // Stacked, so the status column stays narrow beside the fixed actions.
  return (
    <Space orientation="vertical" size={4}>
      <Tag color={COLOURS[status]}>{TEMPLATE_STATUS[status] ?? record.status}</Tag>
      {record.revision > 0 && status === '20' && <Tag>第{record.revision}版</Tag>}
      {waiting && <Tag color="warning">{TEMPLATE_CHANGE_KIND[waiting]}待复核</Tag>}
    </Space>
  );
}

export const changeKindLabel = (kind: string) => TEMPLATE_CHANGE_KIND[kind as TemplateChangeKind] ?? kind;

/** The locked fields as tags with a lock; 全部可改 when none. */
export function LockedTags({ locked }: { locked: readonly string[] }) {
  if (locked.length === 0) return <Tag>全部可改</Tag>;
  return (
    <Space size={4} wrap>
      {locked.map((f) => (
        <Tag key={f} icon={<LockOutlined />} color="gold">
          {TEMPLATE_LOCKABLE[f as TemplateField] ?? f}
        </Tag>
      ))}
    </Space>
  );
}

/** A field's value with a lock when the template locks it. */
export function Locked({ on, children }: { on: boolean; children: React.ReactNode }) {
  return (
    <Space size={4}>
      {on && <LockOutlined aria-label="锁定" style={{ color: '#d48806' }} />}
      <span>{children}</span>
    </Space>
  );
}

export const typeLabel = (type: string) => codeLabel('instructionType', type);
export const payeeLine = (t: { payeeName: string; payeeAccountNo: string }) => `${t.payeeName}（${groupAccountNo(t.payeeAccountNo)}）`;
