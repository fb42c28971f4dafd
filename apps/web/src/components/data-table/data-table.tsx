import { Alert, Button, Table, type TableColumnsType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media-query';
import type { Dictionary, FormField, FormValues } from '../form-builder';
import { QueryForm } from './query-form';
import { useRowActionsColumn } from './row-actions';
import { TablePagination } from './table-pagination';
import type { FetchPage, RowAction, RowSelection } from './types';
import { useTablePages } from './use-table-pages';
import styles from './data-table.module.css';

export interface DataTableProps<T extends object> {
  /** TanStack Query key prefix; invalidate it to refresh the table after a change. */
  queryKey: readonly unknown[];
  /** Loads one page: `page`, `limit` and the query criteria in, `{ records, total }` out. */
  fetchPage: FetchPage<T>;
  columns: TableColumnsType<T>;
  rowKey: Extract<keyof T, string> | ((row: T) => Key);
  /** Query form fields above the table (dictionary-driven, like the form builder's). */
  queryFields?: readonly FormField[];
  dictionary?: Dictionary;
  selection?: RowSelection<T>;
  /** A 序号 column counting across pages. */
  showIndex?: boolean;
  rowActions?: readonly RowAction<T>[];
  /** Row buttons shown before the rest go under 更多. */
  maxInlineActions?: number;
  /** Buttons above the table (新增, 导入 …). */
  toolbar?: ReactNode;
  /** Accessible name of the table region. */
  ariaLabel?: string;
  /** Told the criteria of each search (blank ones left out), e.g. to export what the table lists. */
  onCriteriaChange?: (criteria: FormValues) => void;
  /** A class for some rows (e.g. dimmed ones others are working on). */
  rowClassName?: (row: T) => string;
  /** Reloads the page on screen this often while it shows, without the loading veil (lists others change). */
  refreshMs?: number;
}

/** Spec §2 data table: server-side pages, query form, selection, index column, row actions. */
export function DataTable<T extends object>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  queryFields,
  dictionary,
  selection,
  showIndex,
  rowActions,
  maxInlineActions = 3,
  toolbar,
  ariaLabel,
  onCriteriaChange,
  rowClassName,
  refreshMs,
}: DataTableProps<T>) {
  const { query, total, paging, setPaging, search, shownPaging } = useTablePages(queryKey, fetchPage, refreshMs);

  const actionsColumn = useRowActionsColumn(rowActions, maxInlineActions);
  const indexColumn: TableColumnsType<T>[number] = {
    key: '__index',
    title: '序号',
    width: 64,
    align: 'center',
    render: (_, __, index) => (shownPaging.page - 1) * shownPaging.limit + index + 1,
  };
  // A phone gives its width to the data: the running number is the first thing to go.
  const phone = useMediaQuery(PHONE_QUERY);
  const allColumns = [...(showIndex && !phone ? [indexColumn] : []), ...columns, ...(actionsColumn ? [actionsColumn] : [])];

  const rowSelection: TableProps<T>['rowSelection'] = selection && {
    type: selection.type,
    selectedRowKeys: selection.selectedRowKeys,
    onChange: (keys, rows) => selection.onChange(keys, rows),
    // Choices made on one page survive paging to another.
    preserveSelectedRowKeys: true,
    getCheckboxProps: selection.disabled && ((row) => ({ disabled: selection.disabled?.(row) })),
  };

  return (
    <section aria-label={ariaLabel}>
      {queryFields && queryFields.length > 0 && (
        <QueryForm
          fields={queryFields}
          dictionary={dictionary}
          onSearch={(next) => {
            search(next);
            onCriteriaChange?.(next);
          }}
        />
      )}
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      {query.isError && (
        <Alert
          className={styles.error}
          type="error"
          showIcon
          title="数据加载失败"
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重新加载
            </Button>
          }
        />
      )}
      <Table<T>
        columns={allColumns}
        dataSource={query.data?.records ?? []}
        rowKey={rowKey}
        rowSelection={rowSelection}
        rowClassName={rowClassName && ((row) => rowClassName(row))}
        // A timed reload changes rows in place: only a load the user asked for veils the table.
        loading={refreshMs ? query.isPending || query.isPlaceholderData : query.isFetching}
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <TablePagination
        page={paging.page}
        pageSize={paging.limit}
        total={total}
        disabled={query.isPending}
        onChange={(page, limit) => setPaging({ page, limit })}
      />
    </section>
  );
}
