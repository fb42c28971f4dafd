import { describe, expect, it } from 'vitest';
import { FEED_FORMATS } from './feed-formats';
import { VALUATION_COLUMNS, parseValuationFeed, scaled, statementFingerprint } from './valuation-feed';

const HEADER = VALUATION_COLUMNS.join(',');
const summary = (nav: string, units: string, unitNav: string, product = 'P001') => `2026-11-27,1000000001,${product},净值,,,,,,,,,,,,${nav},${units},${unitNav},1.1000`;
const position = (code: string, cost: string, value: string, gain: string, market = 'IB', product = 'P001') => `2026-11-27,1000000001,${product},持仓,${code},${market},24国开10,政策性金融债,10000,100.0000,${cost},101.0000,${value},${gain},50.0000,,,,`;
const money = (type: string, value: string, product = 'P001') => `2026-11-27,1000000001,${product},${type},,,银行存款,,,,,,${value},,1.0000,,,,`;

describe('parseValuationFeed', () => {
  it('reads several products of one file into statements', () => {
    const text = [HEADER, summary('1020000.00', '1000000.00', '1.0200'), position('240210', '1000000.00', '1010000.00', '10000.00'), money('现金', '20000.00'), money('应付', '10000.00'), summary('500.00', '500.00', '1.0000', 'P002'), money('现金', '500.00', 'P002')].join('\n');
    const parsed = parseValuationFeed(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.statements.map((s) => [s.productCode, s.items.length])).toEqual([
      ['P001', 3],
      ['P002', 1],
    ]);
    expect(parsed.statements[0]!.items[0]).toMatchObject({ type: 'position', market: 'IB', assetClass: 'policyBond', gain: '10000.00' });
  });

  it('lists every reason of a line at once and checks each statement as a whole', () => {
    const text = [
      HEADER,
      summary('1000.00', '1000.00', '1.5000'),
      position('240210', '1000.00', '900.00', '100.00', 'XX'),
      position('240210', '1000.00', '1000.00', '0.00'),
      position('240210', '1000.00', '1000.00', '0.00'),
      money('应收', '1,0'),
    ].join('\n');
    const { errors, statements } = parseValuationFeed(text);
    expect(statements).toEqual([]);
    const byRow = Object.fromEntries(errors.map((e) => [e.rowNo, e.reason]));
    expect(byRow[2]).toContain('单位净值1.5000与资产净值÷实收份额（1.0000）不符');
    expect(byRow[3]).toContain('市场须为');
    expect(byRow[3]).toContain('估值增值须等于市值−成本（-100.00）');
    expect(byRow[5]).toBe('与第4行重复');
    expect(byRow[6]).toContain('每行应为19列');
  });

  it('refuses a NAV that is not the sum of its lines, and lines without a NAV line', () => {
    const text = [HEADER, summary('1000.00', '1000.00', '1.0000'), money('现金', '999.99'), money('现金', '5.00', 'P009')].join('\n');
    const { errors } = parseValuationFeed(text);
    expect(errors).toEqual([
      { rowNo: 2, productCode: 'P001', reason: '资产净值1000.00与明细合计（持仓+现金+应收−应付=999.99）不符' },
      { rowNo: 4, productCode: 'P009', reason: '该产品当日缺少净值行' },
    ]);
  });

  it('refuses a changed layout whole, naming the difference', () => {
    const header = HEADER.replace('估值价格,', '');
    expect(parseValuationFeed(`${header}\n1,2`).fileError).toBe('文件格式与估值表 1.0 版不符：缺少第12列「估值价格」');
    expect(parseValuationFeed('').fileError).toBe('文件中没有估值数据');
  });

  it('is declared among the formats in force', () => {
    expect(FEED_FORMATS.find((f) => f.feed === 'valuation')).toMatchObject({ name: '估值表', version: '1.0', columns: VALUATION_COLUMNS });
  });

  it('fingerprints a statement regardless of line order', () => {
    const lines = [summary('1010.00', '1000.00', '1.0100'), money('现金', '1000.00'), money('应收', '10.00')];
    const a = parseValuationFeed([HEADER, ...lines].join('\n')).statements[0]!;
    const b = parseValuationFeed([HEADER, lines[0], lines[2], lines[1]].join('\n')).statements[0]!;
    expect(statementFingerprint(a)).toBe(statementFingerprint(b));
    expect(scaled('-1.5', 2, true)).toBe(-150n);
    expect(scaled('1.555', 2)).toBeNull();
  });
});
