import { useState, type Key } from 'react';
import type { RowSelection } from './types';

/** Checkbox selection for a DataTable: the chosen rows, the `selection` prop, and ways to clear it or drop some rows after acting on them. */
export function useCheckboxSelection<T>() {
  const [keys, setKeys] = useState<Key[]>([]);
  const [rows, setRows] = useState<T[]>([]);
  const selection: RowSelection<T> = {
    type: 'checkbox',
    selectedRowKeys: keys,
    onChange: (nextKeys, nextRows) => {
      setKeys(nextKeys);
      setRows(nextRows);
    },
  };
  const clear = () => {
    setKeys([]);
    setRows([]);
  };
  /** Unselects the rows with these keys (those that changed under a batch); `keyOf` is the table's rowKey. */
  const drop = (gone: readonly Key[], keyOf: (row: T) => Key) => {
    setKeys(keys.filter((key) => !gone.includes(key)));
    setRows(rows.filter((row) => !gone.includes(keyOf(row))));
  };
  return { rows, selection, clear, drop };
}
