import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASH_FEED_COLUMNS, CASH_FEED_FORMAT, parseCashCsv } from './cash-feed';
import { FEED_FORMATS, feedFormat } from './feed-formats';

const HEADER = CASH_FEED_COLUMNS.join(',');
const A = '622200001111222233';

describe('cash statement CSV', () => {
  it('is declared among the formats in force, with camt.053.001.08', () => {
    expect(feedFormat('cashStatement')).toBe(CASH_FEED_FORMAT);
    expect(FEED_FORMATS.map((f) => f.feed)).toContain('cashStatement');
    expect(CASH_FEED_FORMAT.fileTypes).toEqual(['CSV', 'camt.053.001.08']);
  });

  it('reads days and entries, a balance-only line as a day without movements', () => {
    const parsed = parseCashCsv(
      [
        HEADER,
        `ZJDZ20250303,${A},2025-03-03,CNY,1000,1249999.5,R1,贷,1300000,,华安证券,310501,申购款,`,
        `ZJDZ20250303,${A},2025-03-03,CNY,1000,1249999.5,R2,D,51000.5,2025-03-02,浦江资管,6222,管理费,Z202503030001`,
        `ZJDZ20250303,${A},2025-03-04,CNY,1250000,1250000,,,,,,,,`,
      ].join('\r\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.feedId).toBe('ZJDZ20250303');
    expect(parsed.days).toEqual([
      { rowNo: 2, accountNo: A, date: '2025-03-03', currency: 'CNY', opening: '1000.00', closing: '1249999.50' },
      { rowNo: 4, accountNo: A, date: '2025-03-04', currency: 'CNY', opening: '1250000.00', closing: '1250000.00' },
    ]);
    expect(parsed.entries.map((e) => [e.ref, e.direction, e.amount, e.valueDate, e.instructionNo])).toEqual([
      ['R1', 'C', '1300000.00', '2025-03-03', null],
      ['R2', 'D', '51000.50', '2025-03-02', 'Z202503030001'],
    ]);
    expect(parsed.entries.length).toBe(2);
  });

  // 1000 + 1300000 − 51000.50 = 1250000 − 0.50: checked in cents, never in floats.
  it('checks each day’s balances against its entries, and every line at once', () => {
    const parsed = parseCashCsv(
      [
        HEADER,
        `ZJDZ20250303,${A},2025-03-03,CNY,1000,1250000,R1,贷,1300000,,,,,`,
        `ZJDZ20250303,${A},2025-03-03,CNY,1000,1250000,R2,借,51000.5,,,,,`,
      ].join('\n'),
    );
    expect(parsed.errors).toEqual([{ rowNo: 2, accountNo: A, reason: '2025-03-03期初余额1000.00加贷方减借方发生额应为1249999.50，与期末余额1250000.00不符' }]);
    const bad = parseCashCsv(
      [
        HEADER,
        `ZJDZ2025,${A},2025-02-30,cny,1,1,R1,进,0,,,,,`,
        `ZJDZ2025,${A},2025-03-01,CNY,1,2,R1,贷,1,,,,,`,
        `ZJDZ2025,${A},2025-03-01,CNY,1,3,R2,贷,1,,,,,`,
        `OTHER0001,${A},2025-03-02,CNY,2,2,,,,,,,,`,
        `ZJDZ2025,${A}`,
      ].join('\n'),
    );
    expect(bad.errors.map((e) => [e.rowNo, e.reason])).toEqual([
      // An empty 起息日期 is the statement's date, itself not a date here.
      [2, '对账日期须为有效日期（yyyy-MM-dd）；币种须为3位大写字母（如CNY）；借贷方向须为借或贷（D或C）；金额须为大于0的数（最大17位整数和2位小数）；起息日期须为有效日期（yyyy-MM-dd）'],
      [4, '同一账号同一对账日期的币种和期初、期末余额须与第3行一致'],
      [5, '批次号与首行不一致（应为ZJDZ2025）'],
      [6, `格式错误：每行应为14列（${HEADER}）`],
    ]);
  });

  it('refuses a header that is not layout 1.0, naming the difference, and an empty file', () => {
    expect(parseCashCsv(HEADER.replace(',摘要', '')).fileError).toBe('文件格式与资金对账单 1.0 版不符：缺少第13列「摘要」');
    expect(parseCashCsv(`${HEADER},备注`).fileError).toBe('文件格式与资金对账单 1.0 版不符：第15列「备注」为新增列');
    expect(parseCashCsv(`${HEADER}\n\n`).fileError).toBe('文件中没有对账单数据');
  });

  it('reads the documented sample without a fault', () => {
    const parsed = parseCashCsv(readFileSync(new URL('../../../../docs/feeds/cash-statement-sample.csv', import.meta.url), 'utf8'));
    expect(parsed.errors).toEqual([]);
    expect([parsed.days.length, parsed.entries.length, parsed.entries[2]!.instructionNo]).toEqual([2, 3, 'Z202611260001']);
  });
});
