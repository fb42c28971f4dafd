import { useState, type Key } from 'react';
import type { RowSelection } from './types';

/** Checkbox selection for a DataTable: the chosen rows, the `selection` prop, and a way to clear it after acting on them. */
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
  return { rows, selection, clear };
}
