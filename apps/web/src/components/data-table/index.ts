export { DataTable, type DataTableProps } from './data-table';
export { CsvImportButton } from './csv-import-button';
export { type CsvColumn } from './csv-import';
export type { FetchPage, PageParams, PageQuery, PageResult, RowAction, RowSelection } from './types';
export { useCheckboxSelection } from './use-checkbox-selection';
export { ClippedText, WIDE_SCREENS } from './clipped-text';
