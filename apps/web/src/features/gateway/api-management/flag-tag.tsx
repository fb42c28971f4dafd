import { LockOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ApiDefinition, FlagField } from '@portal/shared';
import { FLAG_LABELS, flagText } from './flags';

/** A flag's value as a tag; a setting the server holds shows a lock, the reason on hover or focus. */
export function FlagTag({ row, field }: { row: ApiDefinition; field: FlagField }) {
  const on = row[field] === 1;
  const text = flagText(field, row[field]);
  const reason = row.locks[field];
  if (!reason) return <Tag color={on ? FLAG_LABELS[field].color : undefined}>{text}</Tag>;
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <Tag color={on ? FLAG_LABELS[field].color : undefined} icon={<LockOutlined />} tabIndex={0} aria-label={`${text}（已锁定：${reason}）`}>
        {text}
      </Tag>
    </Tooltip>
  );
}
