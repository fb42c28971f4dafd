import { describe, expect, it } from 'vitest';
import { PDF_FONT_MISSING, renderPdf } from '../../src/platform/pdf';

const FONT = { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' };
const doc = (rows: number) => ({
  title: '测试报表',
  subtitle: ['第一行说明'],
  columns: [
    { header: '名称', width: 3 },
    { header: '金额', width: 2, align: 'right' as const },
  ],
  rows: Array.from({ length: rows }, (_, i) => [`项目${i + 1}`, `${i + 1}.00`]),
  footer: '页脚',
});

describe('renderPdf', () => {
  it('refuses clearly when the font file is missing', async () => {
    await expect(renderPdf(doc(1), { path: '/nonexistent/font.ttc', name: 'x' })).rejects.toThrow(PDF_FONT_MISSING);
  });

  it('breaks a long table over pages', async () => {
    const one = await renderPdf(doc(3), FONT);
    const many = await renderPdf(doc(200), FONT);
    const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(one.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(one)).toBe(1);
    expect(pages(many)).toBeGreaterThan(3);
  });
});
