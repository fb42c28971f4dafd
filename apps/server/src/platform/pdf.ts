import { existsSync } from 'node:fs';
import { refuse } from './refuse';

/**
 * Server-made PDF documents (statements, reports): a title, subtitle lines, one table and a
 * footer, in a CJK font embedded as a subset (with its ToUnicode map, so the text can be searched
 * and copied). pdfkit is imported on first use; the font is read from `PDF_FONT_PATH`.
 */

export interface PdfColumn {
  header: string;
  /** Relative width; the table spans the page. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfDocument {
  title: string;
  subtitle?: readonly string[];
  columns: readonly PdfColumn[];
  rows: readonly (readonly string[])[];
  /** Printed at the bottom of every page, beside the page number. */
  footer?: string;
  /** Landscape for wide tables. */
  landscape?: boolean;
}

export interface PdfFont {
  path: string;
  /** The font's name within a collection (.ttc); unused for a single font file. */
  name: string;
}

export const PDF_FONT_MISSING = 'PDF字体文件不存在，暂不能生成PDF，请联系系统管理员（PDF_FONT_PATH）';

/** The document as PDF bytes; refuses (4xx) when the font file is missing. */
export async function renderPdf(doc: PdfDocument, font: PdfFont): Promise<Buffer> {
  if (!existsSync(font.path)) throw refuse(PDF_FONT_MISSING);
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: 'A4', layout: doc.landscape ? 'landscape' : 'portrait', margin: 36, bufferPages: true, info: { Title: doc.title } });
  const parts: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.registerFont('cjk', font.path, font.path.toLowerCase().endsWith('.ttc') ? font.name : undefined);
  pdf.font('cjk');

  const left = pdf.page.margins.left;
  const usable = pdf.page.width - left - pdf.page.margins.right;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom - 24;
  pdf.fontSize(16).text(doc.title, { align: 'center' });
  pdf.moveDown(0.4);
  pdf.fontSize(9);
  for (const line of doc.subtitle ?? []) pdf.text(line);
  pdf.moveDown(0.6);

  const total = doc.columns.reduce((s, c) => s + c.width, 0);
  const widths = doc.columns.map((c) => (c.width / total) * usable);
  const padding = 3;
  const drawRow = (cells: readonly string[], header: boolean) => {
    pdf.fontSize(header ? 8.5 : 8);
    const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: widths[i]! - 2 * padding }));
    const height = Math.max(...heights, 10) + 2 * padding;
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      if (!header) drawRow(doc.columns.map((c) => c.header), true);
    }
    const top = pdf.y;
    let x = left;
    if (header) pdf.rect(left, top, usable, height).fill('#f0f3f7').fillColor('#000');
    cells.forEach((cell, i) => {
      pdf.text(cell, x + padding, top + padding, { width: widths[i]! - 2 * padding, align: header ? 'center' : (doc.columns[i]!.align ?? 'left') });
      x += widths[i]!;
    });
    pdf.moveTo(left, top + height).lineTo(left + usable, top + height).lineWidth(0.3).strokeColor('#999').stroke();
    pdf.x = left;
    pdf.y = top + height;
  };
  drawRow(doc.columns.map((c) => c.header), true);
  for (const row of doc.rows) drawRow(row, false);

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - pdf.page.margins.bottom - 12;
    pdf.fontSize(8).fillColor('#666');
    pdf.text(`${doc.footer ?? ''}    第${i + 1}页 / 共${range.count}页`, left, y, { width: usable, align: 'center', lineBreak: false });
  }
  pdf.end();
  await ended;
  return Buffer.concat(parts);
}
