import { ASSET_CLASSES, CODE_TABLES, VALUATION_LINE_TYPES, formatAmount, type ValuationLine, type ValuationStatementRecord } from '@portal/shared';
import { renderPdf, type PdfFont } from '../../platform/pdf';
import { amountCell, writeSheet, type SheetColumn } from '../../platform/xlsx';

/** The statement as the downloads show it: xlsx for reworking, PDF for filing. */

const marketLabel = (code: string) => (code ? (CODE_TABLES.market[code as keyof typeof CODE_TABLES.market] ?? code) : '');
const classLabel = (l: ValuationLine) => (l.type === 'position' && l.assetClass ? ASSET_CLASSES[l.assetClass] : VALUATION_LINE_TYPES[l.type]);
const money = (v: string | null) => (v === null ? '' : formatAmount(v));
const price = (v: string | null) => (v === null ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 }));

/** File names carry the product and the day. */
export const statementFileName = (s: ValuationStatementRecord, extension: 'xlsx' | 'pdf') => `估值表_${s.productCode}_${s.current.valuationDate.replace(/-/g, '')}.${extension}`;

const summaryLines = (s: ValuationStatementRecord) => [
  `产品：${s.productName}（${s.productCode}）    委托人：${s.enterpriseName}（${s.enterpriseNo}）    估值日期：${s.current.valuationDate}`,
  `资产净值：${formatAmount(s.current.nav)}    实收份额：${formatAmount(s.current.units)}    单位净值：${s.current.unitNav}    累计单位净值：${s.current.cumUnitNav}`,
  `证券市值：${formatAmount(s.current.securities)}    现金：${formatAmount(s.current.cash)}    应收：${formatAmount(s.current.receivables)}    应付：${formatAmount(s.current.payables)}`,
];

const COLUMNS: SheetColumn<ValuationLine>[] = [
  { header: '类别', width: 14, value: classLabel },
  { header: '证券代码', width: 12, kind: 'text', value: (l) => l.securityCode },
  { header: '市场', width: 8, value: (l) => marketLabel(l.market) },
  { header: '名称', width: 28, value: (l) => l.name },
  { header: '数量', width: 16, kind: 'price', value: (l) => amountCell(l.quantity) },
  { header: '单位成本', width: 12, kind: 'price', value: (l) => amountCell(l.unitCost) },
  { header: '成本', width: 18, kind: 'amount', value: (l) => amountCell(l.cost) },
  { header: '估值价格', width: 12, kind: 'price', value: (l) => amountCell(l.price) },
  { header: '市值', width: 18, kind: 'amount', value: (l) => amountCell(l.marketValue) },
  { header: '估值增值', width: 16, kind: 'amount', value: (l) => amountCell(l.gain) },
  { header: '占净值比例(%)', width: 14, kind: 'price', value: (l) => amountCell(l.navRatio) },
];

export async function statementSheet(s: ValuationStatementRecord): Promise<Buffer> {
  // The holdings, one row a line (the summary figures are on the screen and in the PDF).
  async function* chunks() {
    yield s.lines;
  }
  const name = `估值表 ${s.current.valuationDate}`;
  return writeSheet(name, COLUMNS, chunks());
}

export function statementPdf(s: ValuationStatementRecord, font: PdfFont, printedAt: string): Promise<Buffer> {
  return renderPdf(
    {
      title: `${s.productName} 估值表`,
      subtitle: summaryLines(s),
      landscape: true,
      columns: [
        { header: '类别', width: 9 },
        { header: '证券代码', width: 9 },
        { header: '市场', width: 6 },
        { header: '名称', width: 18 },
        { header: '数量', width: 12, align: 'right' },
        { header: '单位成本', width: 9, align: 'right' },
        { header: '成本', width: 13, align: 'right' },
        { header: '估值价格', width: 9, align: 'right' },
        { header: '市值', width: 13, align: 'right' },
        { header: '估值增值', width: 12, align: 'right' },
        { header: '占净值(%)', width: 8, align: 'right' },
      ],
      rows: s.lines.map((l) => [classLabel(l), l.securityCode, marketLabel(l.market), l.name, price(l.quantity), price(l.unitCost), money(l.cost), price(l.price), money(l.marketValue), money(l.gain), l.navRatio]),
      footer: `托管人估值数据，生成时间 ${printedAt}`,
    },
    font,
  );
}
