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

interface PickerBase {
  institutions: readonly Institution[];
  /** Enterprise numbers chosen (the right list). */
  value: readonly string[];
  /** 'single' allows one institution on the right and refuses another with '请先移除右侧选择数据！'. */
  mode?: TransferMode;
  listHeight?: number;
  /** The two lists' titles, when the choice is not of third-party institutions. */
  titles?: readonly [string, string];
}

/** Editable, or read-only: shows what is chosen (e.g. copied from an account) without moving, selecting or searching. */
export type InstitutionPickerProps = PickerBase & ({ readOnly?: false; onChange: (enterpriseNos: string[]) => void } | { readOnly: true; onChange?: never });

const unchanged = () => undefined;

/** Spec §2 third-party institution picker: institutions not chosen on the left, the chosen on the right. */
export function InstitutionPicker({ institutions, value, onChange, mode, listHeight, readOnly, titles = TITLES }: InstitutionPickerProps) {
  return (
    <TransferCore
      items={institutions}
      rowKey="enterpriseNo"
      columns={COLUMNS}
      targetKeys={value}
      onChange={onChange ?? unchanged}
      titles={titles}
      mode={mode}
      listHeight={listHeight}
      readOnly={readOnly}
    />
  );
}
