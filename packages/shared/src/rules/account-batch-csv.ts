import { ALIAS_MAX, type BatchRowError } from '../api/accounts';
import { csvCells } from './csv-text';

/**
 * The account batch file (`accountBatchService/insert`), read the same way in the browser, which
 * previews it and signs its row count, and on the server, which checks it.
 */

/** One data line of a batch file: its 1-based line number in the file and its cells. */
export interface CsvRow {
  rowNo: number;
  accountNo: string;
  alias: string;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
const HEADER = /^(账号|帐号|账户|帐户|account)/i;

/**
 * Splits a batch file into its rows and the rows whose format is wrong or that repeat an earlier
 * account number. Blank lines are skipped; a first line whose first cell names the column
 * (账号, account…) is a header.
 */
export function parseBatchCsv(text: string): { rows: CsvRow[]; errors: BatchRowError[] } {
  const rows: CsvRow[] = [];
  const errors: BatchRowError[] = [];
  const firstSeen = new Map<string, number>();
  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((line, index) => {
    const rowNo = index + 1;
    if (line.trim() === '' || /^[,\s]*$/.test(line)) return;
    const [first = '', second = '', ...rest] = csvCells(line).map((c) => c.trim());
    if (index === 0 && HEADER.test(first)) return;
    const fail = (reason: string) => errors.push({ rowNo, accountNo: first.slice(0, 40), reason });
    if (rest.some((c) => c !== '')) return fail('格式错误：每行应为“账号,别名”两列');
    if (!/^\d{12,22}$/.test(first)) return fail(first === '' ? '账号为空' : '账号格式不正确，须为12到22位数字');
    if (CONTROL.test(second)) return fail('账户别名不能包含控制字符');
    if (second.length > ALIAS_MAX) return fail(`账户别名不能超过${ALIAS_MAX}个字符`);
    const earlier = firstSeen.get(first);
    if (earlier !== undefined) return fail(`文件中账号重复（与第${earlier}行相同）`);
    firstSeen.set(first, rowNo);
    rows.push({ rowNo, accountNo: first, alias: second });
  });
  return { rows, errors };
}

/** The row count a batch signature covers: every data line, well-formed or not (docs/signing.md). */
export const batchRowCount = (parsed: { rows: readonly unknown[]; errors: readonly unknown[] }) => parsed.rows.length + parsed.errors.length;
