import { TransferCore } from './transfer-core';
import type { TransferMode } from './transfer-items';
import type { TransferColumn } from './transfer-panel';

/** Spec §3 "Enterprise in transfer lists". */
export interface Institution {
  enterpriseNo: string;
  enterpriseName: string;
}

const COLUMNS: TransferColumn<Institution>[] = [
  { field: 'enterpriseNo', title: '企业编号', width: 140 },
  { field: 'enterpriseName', title: '企业名称' },
];
const TITLES = ['可选第三方机构', '已选第三方机构'] as const;

export interface InstitutionPickerProps {
  institutions: readonly Institution[];
  /** Enterprise numbers chosen (the right list). */
  value: readonly string[];
  onChange: (enterpriseNos: string[]) => void;
  /** 'single' allows one institution on the right and refuses another with '请先移除右侧选择数据！'. */
  mode?: TransferMode;
  listHeight?: number;
  /** The two lists' titles, when the choice is not of third-party institutions. */
  titles?: readonly [string, string];
}

/** Spec §2 third-party institution picker: institutions not chosen on the left, the chosen on the right. */
export function InstitutionPicker({ institutions, value, onChange, mode, listHeight, titles = TITLES }: InstitutionPickerProps) {
  return (
    <TransferCore
      items={institutions}
      rowKey="enterpriseNo"
      columns={COLUMNS}
      targetKeys={value}
      onChange={onChange}
      titles={titles}
      mode={mode}
      listHeight={listHeight}
    />
  );
}
