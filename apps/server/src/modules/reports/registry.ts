import type { Kysely } from 'kysely';
import { REPORT_FORMATS, type Authority, type ReportFormat, type ReportKind, type ReportParam, type ReportParams } from '@portal/shared';
import type { DB } from '../../db/schema';
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

/** One report of 报表中心. A seat may see it when it holds any of `authority` (none: everyone). */
export interface ReportDefinition {
  kind: string;
  title: string;
  description: string;
  authority: readonly Authority[];
  formats: readonly ReportFormat[];
  /** The parameters it takes (the screen asks for these; the rest are ignored). */
  params: readonly ReportParam[];
  generate(db: Kysely<DB>, scope: ReportScope, params: ReportParams, format: ReportFormat): Promise<ReportFile>;
}

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

/** A table as any format: xlsx through the shared sheet writer, CSV as UTF-8 with a BOM (Excel opens it right). */
export async function renderTable<T>(sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[], format: ReportFormat): Promise<ReportFile> {
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
