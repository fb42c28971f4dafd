import { accountsApi, batchRowCount, parseBatchCsv } from '@portal/shared';

/** One data row of a batch file: its line in the file (1-based, as the server numbers it) and what is wrong with it. */
export interface BatchRow {
  rowNo: number;
  accountNo: string;
  alias: string;
  reason: string | null;
}

export interface BatchPreview {
  rows: BatchRow[];
  /** The row count the batch's signature covers (docs/signing.md). */
  rowCount: number;
  /** A problem with the whole file; no row is worth looking at then. */
  fileError: string | null;
}

/**
 * The rows of an account batch file read exactly as the server reads it (`parseBatchCsv`):
 * format, alias and numbers repeated in the file. Whether an account exists, is the
 * enterprise's own, is status 00 and not yet added only the server knows.
 */
export function previewBatch(text: string): BatchPreview {
  const parsed = parseBatchCsv(text);
  const rowCount = batchRowCount(parsed);
  const rows: BatchRow[] = [
    ...parsed.rows.map((row) => ({ ...row, reason: null })),
    ...parsed.errors.map((error) => ({ rowNo: error.rowNo, accountNo: error.accountNo, alias: '', reason: error.reason })),
  ].sort((a, b) => a.rowNo - b.rowNo);
  if (rowCount === 0) return { rows, rowCount, fileError: '文件中没有账户数据' };
  if (rowCount > accountsApi.ACCOUNT_BATCH_MAX_ROWS) return { rows: [], rowCount, fileError: `一次最多添加${accountsApi.ACCOUNT_BATCH_MAX_ROWS}个账户，该文件有${rowCount}行` };
  return { rows, rowCount, fileError: null };
}

/** The server's reasons for a refused batch laid over the preview's rows, by line number. */
export function withServerReasons(rows: readonly BatchRow[], errors: readonly { rowNo: number; accountNo: string; reason: string }[]): BatchRow[] {
  const byRow = new Map(errors.map((e) => [e.rowNo, e]));
  const merged = rows.map((row) => ({ ...row, reason: byRow.get(row.rowNo)?.reason ?? row.reason }));
  // A reason for a line the preview did not list (the server read the file differently) still shows.
  const listed = new Set(rows.map((r) => r.rowNo));
  const extra = errors.filter((e) => !listed.has(e.rowNo)).map((e) => ({ rowNo: e.rowNo, accountNo: e.accountNo, alias: '', reason: e.reason }));
  return [...merged, ...extra].sort((a, b) => a.rowNo - b.rowNo);
}
