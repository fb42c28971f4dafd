import type { Kysely } from 'kysely';
import { REPORT_FORMATS, type Authority, type ReportFormat, type ReportKind, type ReportParam, type ReportParams } from '@portal/shared';
import type { DB } from '../../db/schema';
import { renderPdf, type PdfFont } from '../../platform/pdf';
import { writeSheet, type SheetColumn } from '../../platform/xlsx';

/** Whose report it is: always the session's (or the subscription's) seat and enterprise. */
export interface ReportScope {
  userNo: string;
  enterpriseNo: string;
  userType: 'customer' | 'staff';
  authorities: readonly string[];
}

/** A produced file. */
export interface ReportFile {
  body: Buffer;
  /** Rows in it, for the notification's text. */
  rows: number;
}

/**
 * How a report is to be written: its format and, for PDF, the document's heading and font (the
 * report desk fills these in, so a report only hands its table to `renderTable`).
 */
export interface ReportOutput {
  format: ReportFormat;
  /** The report's title, and lines under it (period, accounts, when it was made). */
  heading: { title: string; lines: readonly string[] };
  pdfFont: PdfFont;
}

/** One report of 报表中心. A seat may see it when it holds any of `authority` (none: everyone). */
export interface ReportDefinition {
  kind: string;
  title: string;
  description: string;
  authority: readonly Authority[];
  formats: readonly ReportFormat[];
  /** The parameters it takes (the screen asks for these; the rest are ignored). */
  params: readonly ReportParam[];
  generate(db: Kysely<DB>, scope: ReportScope, params: ReportParams, output: ReportOutput): Promise<ReportFile>;
}

/** A report period's bounds as instants: Beijing midnight of `from`, and of the day after `to`. */
export const reportBounds = (p: ReportParams) => ({
  from: p.from ? new Date(Date.parse(`${p.from}T00:00:00+08:00`)) : undefined,
  to: p.to ? new Date(Date.parse(`${p.to}T00:00:00+08:00`) + 86_400_000) : undefined,
});

const REGISTRY = new Map<string, ReportDefinition>();

/**
 * Adds a report to 报表中心 (one call per feature, at module registration). The same kind again
 * replaces it (several apps in one test process register the same reports).
 */
export function registerReport(def: ReportDefinition) {
  if (def.formats.length === 0) throw new Error(`report ${def.kind} has no format`);
  for (const f of def.formats) if (!(f in REPORT_FORMATS)) throw new Error(`report ${def.kind}: unknown format ${f}`);
  REGISTRY.set(def.kind, def);
}

export const reportDefinition = (kind: string) => REGISTRY.get(kind);

export const mayRun = (def: ReportDefinition, scope: Pick<ReportScope, 'authorities'>) => def.authority.length === 0 || def.authority.some((a) => scope.authorities.includes(a));

/** The reports a seat may see, in registration order. */
export function visibleReports(scope: Pick<ReportScope, 'authorities'>): ReportKind[] {
  return [...REGISTRY.values()].filter((d) => mayRun(d, scope)).map((d) => ({ kind: d.kind, title: d.title, description: d.description, formats: [...d.formats], params: [...d.params] }));
}

/** A cell as text: amounts with separators and fixed decimals, as the sheet shows them. */
function cellText<T>(c: SheetColumn<T>, row: T) {
  const v = c.value(row);
  if (v === null || v === '') return '';
  if (typeof v === 'number' && (c.kind === 'amount' || c.kind === 'price')) return v.toLocaleString('en-US', { minimumFractionDigits: c.kind === 'amount' ? 2 : 4, maximumFractionDigits: c.kind === 'amount' ? 2 : 4 });
  return String(v);
}

/**
 * A table as any format: xlsx through the shared sheet writer, CSV as UTF-8 with a BOM (Excel
 * opens it right), PDF through the shared renderer with the embedded CJK font (wide tables landscape).
 */
export async function renderTable<T>(sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[], output: ReportOutput): Promise<ReportFile> {
  const { format } = output;
  if (format === 'pdf') {
    const body = await renderPdf(
      {
        title: output.heading.title,
        subtitle: output.heading.lines,
        landscape: columns.length > 6,
        columns: columns.map((c) => ({ header: c.header, width: c.width, align: c.kind === 'amount' || c.kind === 'price' || c.kind === 'count' ? 'right' : 'left' })),
        rows: rows.map((r) => columns.map((c) => cellText(c, r))),
        footer: output.heading.title,
      },
      output.pdfFont,
    );
    return { body, rows: rows.length };
  }
  if (format === 'xlsx') {
    const body = await writeSheet(sheetName, columns, (async function* () {
      yield rows;
    })());
    return { body, rows: rows.length };
  }
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.header)).join(','), ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(','))];
  return { body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), rows: rows.length };
}
