import { accountsApi } from '@portal/shared';
import Papa from 'papaparse';

/** One data row of a batch file: its line in the file (1-based, as the server numbers it) and what is wrong with it. */
export interface BatchRow {
  rowNo: number;
  accountNo: string;
  alias: string;
  reason: string | null;
}

export interface BatchPreview {
  rows: BatchRow[];
  /** A problem with the whole file; no row is worth looking at then. */
  fileError: string | null;
}

const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/**
 * The rows of an account batch file (`账号,别名`, one account a line, a header line allowed)
 * checked as far as the browser can: each account number's format, each alias, and numbers
 * repeated in the file. Whether an account exists, is the enterprise's own, is status 00 and
 * not yet added only the server knows.
 */
export function previewBatch(text: string): BatchPreview {
  const lines = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false }).data;
  const rows: BatchRow[] = [];
  const seen = new Map<string, number>();
  lines.forEach((cells, index) => {
    const [rawNo = '', rawAlias = '', ...rest] = cells.map((c) => c.trim());
    if (cells.every((c) => c.trim() === '')) return;
    // The first line names the columns when its first cell is a title, not a number.
    if (index === 0 && !/\d/.test(rawNo)) return;
    const rowNo = index + 1;
    const earlier = seen.get(rawNo);
    const reason =
      (rest.some((c) => c !== '') ? '格式错误：每行应为“账号,别名”两列' : null) ??
      firstProblem(accountsApi.accountNoSchema.safeParse(rawNo)) ??
      firstProblem(accountsApi.aliasSchema.safeParse(rawAlias)) ??
      (earlier ? `账号与第${earlier}行重复` : null);
    if (earlier === undefined) seen.set(rawNo, rowNo);
    rows.push({ rowNo, accountNo: rawNo, alias: rawAlias, reason });
  });
  if (rows.length === 0) return { rows, fileError: '文件中没有账户数据' };
  if (rows.length > accountsApi.ACCOUNT_BATCH_MAX_ROWS) return { rows: [], fileError: `一次最多添加${accountsApi.ACCOUNT_BATCH_MAX_ROWS}个账户，该文件有${rows.length}行` };
  return { rows, fileError: null };
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
