import type { AccountRights } from '@portal/shared';
import { Checkbox, Space } from 'antd';
import { RIGHT_LABELS, toggleRight, type RightKey } from './account-rights';

const KEYS = Object.keys(RIGHT_LABELS) as RightKey[];

interface RightsCheckboxesProps {
  rights: AccountRights;
  onChange: (rights: AccountRights) => void;
  /** Names the row for screen readers, e.g. the account or the operator. */
  subject: string;
  disabled?: boolean;
}

/** 查询 / 录入 / 复核 of one seat on one account (entry and review bring query with them). */
export function RightsCheckboxes({ rights, onChange, subject, disabled }: RightsCheckboxesProps) {
  return (
    <Space size={12} wrap={false}>
      {KEYS.map((key) => (
        <Checkbox
          key={key}
          checked={rights[key]}
          disabled={disabled}
          aria-label={`${subject} ${RIGHT_LABELS[key]}`}
          onChange={(event) => onChange(toggleRight(rights, key, event.target.checked))}
        >
          {RIGHT_LABELS[key]}
        </Checkbox>
      ))}
    </Space>
  );
}
