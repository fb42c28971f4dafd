import { SearchOutlined } from '@ant-design/icons';
import { Input, Table, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { filterPositions } from './transfer-items';
import styles from './transfer.module.css';

export interface TransferColumn<T> {
  field: Extract<keyof T, string>;
  title: string;
  width?: number;
}

interface TransferPanelProps<T> {
  title: string;
  items: readonly T[];
  rowKey: Extract<keyof T, string>;
  /** Lower-cased search text of every item, by position. */
  texts: readonly string[];
  /** Positions of this side's items. */
  positions: readonly number[];
  columns: readonly TransferColumn<T>[];
  selectedKeys: readonly string[];
  onSelect: (keys: string[]) => void;
  selectionType: 'checkbox' | 'radio';
  height: number;
}

/**
 * One side of a transfer: title and counts, a search box and a virtualised table, so ten
 * thousand rows cost the DOM of the few dozen on screen. A search allocates only the list of
 * matching items: no per-row objects, and columns and selection settings are kept between renders.
 */
export function TransferPanel<T extends object>({
  title,
  items,
  rowKey,
  texts,
  positions,
  columns,
  selectedKeys,
  onSelect,
  selectionType,
  height,
}: TransferPanelProps<T>) {
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => filterPositions(positions, texts, search).map((index) => items[index] as T),
    [positions, texts, search, items],
  );
  const tableColumns = useMemo<TableColumnsType<T>>(
    () => columns.map(({ field, title: columnTitle, width }) => ({ key: field, dataIndex: field, title: columnTitle, width, ellipsis: true })),
    [columns],
  );
  const rowSelection = useMemo<TableProps<T>['rowSelection']>(
    () => ({
      type: selectionType,
      // A virtual table shares out unsized width, so the check column is sized explicitly.
      columnWidth: 48,
      selectedRowKeys: selectedKeys as string[],
      // Choices hidden by a search stay chosen, as the count in the header says.
      preserveSelectedRowKeys: true,
      onChange: (next) => onSelect(next.map(String)),
      // antd labels these 'Select row N'; name the row instead, in Chinese.
      getCheckboxProps: (item) => ({ 'aria-label': `选择 ${String(item[rowKey])}` }),
    }),
    [selectionType, selectedKeys, onSelect, rowKey],
  );
  return (
    <section className={styles.panel} aria-label={title}>
      <header className={styles.panelHeader}>
        <span className={styles.panelTitle}>{title}</span>
        <span className={styles.panelCount}>{`已选 ${selectedKeys.length} 项 · 共 ${rows.length} 项`}</span>
      </header>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={`请输入${columns.map((c) => c.title).join('或')}`}
        aria-label={`${title}搜索`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Table<T>
        virtual
        size="small"
        columns={tableColumns}
        dataSource={rows}
        rowKey={(item) => String(item[rowKey])}
        pagination={false}
        scroll={{ y: height }}
        rowSelection={rowSelection}
      />
    </section>
  );
}
