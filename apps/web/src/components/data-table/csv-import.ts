import { decodeCsv } from '@portal/shared';
import Papa from 'papaparse';

/** One column an import expects, matched to the file's header row by title (or key). */
export interface CsvColumn {
  key: string;
  title: string;
  required?: boolean;
  /** The message for a bad value, or null; runs on non-empty values only. */
  validate?: (value: string) => string | null;
}

/** A data row with its spreadsheet row number (the header is row 1) and what is wrong with it. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
  errors: string[];
}

export interface CsvParseResult {
  rows: CsvRow[];
  /** Problems with the file as a whole; when present, no row is worth looking at. */
  fileErrors: string[];
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Position of each expected column in the header, or the titles of those missing. */
function locateColumns(header: readonly string[], columns: readonly CsvColumn[]) {
  const names = header.map((name) => name.trim().toLowerCase());
  const positions = new Map<string, number>();
  const missing: string[] = [];
  for (const column of columns) {
    let at = names.indexOf(column.title.toLowerCase());
    if (at < 0) at = names.indexOf(column.key.toLowerCase());
    if (at < 0) missing.push(column.title);
    else positions.set(column.key, at);
  }
  return { positions, missing };
}

function checkRow(cells: readonly string[], width: number, columns: readonly CsvColumn[], positions: Map<string, number>) {
  const values: Record<string, string> = {};
  const errors: string[] = [];
  if (cells.length !== width) errors.push(`列数与表头不一致（应为${width}列，实为${cells.length}列）`);
  for (const column of columns) {
    const value = (cells[positions.get(column.key) ?? -1] ?? '').trim();
    values[column.key] = value;
    if (value === '') {
      if (column.required) errors.push(`${column.title}不能为空！`);
    } else {
      const problem = column.validate?.(value);
      if (problem) errors.push(`${column.title}：${problem}`);
    }
  }
  return { values, errors };
}

/**
 * Parses and checks an import file before anything is sent: the header must name every
 * expected column (extra columns are ignored), each row must fit the header, required cells
 * must be filled and each value must pass its column's check. Cells are trimmed; blank rows
 * are skipped but still counted, so row numbers match what Excel shows.
 */
export function parseCsv(text: string, columns: readonly CsvColumn[]): CsvParseResult {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false });
  const [header, ...body] = parsed.data;
  if (!header || isBlankRow(header)) return { rows: [], fileErrors: ['文件中没有数据'] };

  const { positions, missing } = locateColumns(header, columns);
  if (missing.length > 0) return { rows: [], fileErrors: [`缺少列：${missing.join('、')}`] };

  const quoteErrors = new Set(parsed.errors.filter((e) => e.type === 'Quotes').map((e) => e.row));
  const rows: CsvRow[] = [];
  body.forEach((cells, index) => {
    if (isBlankRow(cells)) return;
    const row = { line: index + 2, ...checkRow(cells, header.length, columns, positions) };
    if (quoteErrors.has(index + 1)) row.errors.unshift('引号未闭合');
    rows.push(row);
  });
  return { rows, fileErrors: rows.length === 0 ? ['文件中没有数据'] : [] };
}

export async function readCsvFile(file: Blob, columns: readonly CsvColumn[]): Promise<CsvParseResult> {
  return parseCsv(decodeCsv(new Uint8Array(await file.arrayBuffer())), columns);
}
