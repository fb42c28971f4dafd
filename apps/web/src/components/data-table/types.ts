import type { Key } from 'react';

/** The paging half of a list request (spec §7: `page`, `limit`). */
export interface PageQuery {
  page: number;
  limit: number;
}

/** A list call's paged answer. */
export interface PageResult<T> {
  records: T[];
  total: number;
}

/** Query-form criteria (blank ones left out) plus paging. */
export type PageParams = PageQuery & Record<string, unknown>;

export type FetchPage<T> = (params: PageParams, signal: AbortSignal) => Promise<PageResult<T>>;

export interface RowAction<T> {
  key: string;
  label: string;
  /** Comma-separated action names; the button shows only to holders of 'ACTION_' + one of them (spec §6). */
  permission?: string;
  danger?: boolean;
  /** A question to confirm before acting. */
  confirm?: string | ((row: T) => string);
  /** Leaves the action out for rows it does not apply to. */
  visible?: (row: T) => boolean;
  onClick: (row: T) => unknown;
}

export interface RowSelection<T> {
  type: 'radio' | 'checkbox';
  selectedRowKeys: Key[];
  onChange: (keys: Key[], rows: T[]) => void;
  /** Rows that cannot be selected. */
  disabled?: (row: T) => boolean;
}
