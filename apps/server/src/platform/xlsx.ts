import { PassThrough } from 'node:stream';

export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
  /**
   * `text`: kept as typed (account numbers must not become 1.025E+16); `amount`: a number shown
   * with separators and 2 decimals; `price`: 4 decimals (unit NAVs, issue prices); `count`: a whole number.
   */
  kind?: 'text' | 'amount' | 'price' | 'count';
}

const FORMATS = { text: '@', amount: '#,##0.00', price: '#,##0.0000', count: '#,##0' } as const;

/**
 * One sheet written with exceljs's streaming writer: rows go out (zipped) as each chunk of the
 * query arrives, so memory holds one chunk and the compressed file, never the whole workbook
 * as objects. The file is collected because a download answers one buffer (or its ticket).
 */
export async function writeSheet<T>(sheetName: string, columns: readonly SheetColumn<T>[], chunks: AsyncIterable<readonly T[]>): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Imported at the first download, not at start-up: exceljs is the largest package the server loads.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: c.kind ? { numFmt: FORMATS[c.kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  for await (const chunk of chunks) {
    for (const item of chunk) sheet.addRow(columns.map((c) => c.value(item))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(parts);
}

/**
 * A decimal string as the number a spreadsheet holds. Excel keeps doubles, exact to 15
 * significant digits (balances below ten trillion yuan to the cent), which is its limit, not ours.
 */
export const amountCell = (value: string | null): number | null => (value === null ? null : Number(value));

/** A cell as text: a date as yyyy-MM-dd (exceljs reads one as UTC midnight), a formula by its result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('result' in v) return cellText(v.result);
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
    return '';
  }
  return String(value).trim();
}

/**
 * The first sheet of an uploaded workbook as text cells, with each row's number in the sheet
 * (blank rows left out); null when the bytes are no workbook exceljs can read.
 */
export async function readSheetRows(bytes: Buffer, columns: number): Promise<{ rowNo: number; cells: string[] }[] | null> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: { rowNo: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    const cells = Array.from({ length: columns }, (_, i) => cellText(row.getCell(i + 1).value));
    if (cells.some((c) => c !== '')) rows.push({ rowNo, cells });
  });
  return rows;
}
