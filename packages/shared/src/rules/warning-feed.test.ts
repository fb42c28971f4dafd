import { describe, expect, it } from 'vitest';
import { FEED_COLUMNS, FEED_MAX_ROWS, amountPayable, isYmd, parseWarningFeed } from './warning-feed';

const header = (kind: keyof typeof FEED_COLUMNS) => FEED_COLUMNS[kind].join(',');
const ACC = '10250010000010001';

describe('parseWarningFeed', () => {
  it('reads a clear-position feed, trigger by code or label, 到期清盘 without a threshold', () => {
    const text = [
      header('clearPosition'),
      `QC20250301001,1000000001,${ACC},000123,01,0.8123,0.8500,2025-03-01,2025-03-08`,
      '',
      `QC20250301001,1000000001,100100000001,000124,到期清盘,1.0520,,2025-03-01,2025-03-15`,
    ].join('\r\n');
    const feed = parseWarningFeed('clearPosition', text);
    expect(feed.fileError).toBeNull();
    expect(feed.errors).toEqual([]);
    expect(feed.feedId).toBe('QC20250301001');
    expect(feed.rowCount).toBe(2);
    expect(feed.rows).toEqual([
      { rowNo: 2, enterpriseNo: '1000000001', accountNo: ACC, productCode: '000123', trigger: '01', unitNav: '0.8123', threshold: '0.8500', triggerDate: '2025-03-01', deadline: '2025-03-08' },
      { rowNo: 4, enterpriseNo: '1000000001', accountNo: '100100000001', productCode: '000124', trigger: '03', unitNav: '1.0520', threshold: null, triggerDate: '2025-03-01', deadline: '2025-03-15' },
    ]);
  });

  it('gives every reason of a bad line at once, with its line number', () => {
    const text = [
      header('clearPosition'),
      `QC20250301001,100000001,${ACC},000123,05,0.9,0.85,2025-02-30,2025-03-08`,
      `QC20250301001,1000000001,${ACC},000123,02,0.9000,0.8500,2025-03-01,2025-02-28`,
      `QC20250301002,1000000001,${ACC},000123,03,0.9000,0.8,2025-03-01,2025-03-08`,
      `QC20250301001,1000000001,${ACC},000123`,
    ].join('\n');
    const feed = parseWarningFeed('clearPosition', text);
    expect(feed.rows).toEqual([]);
    expect(feed.errors).toEqual([
      { rowNo: 2, accountNo: ACC, reason: '企业编号须为10位数字；触发类型须为01预警线、02止损线、03到期清盘；触发日期须为有效日期（yyyy-MM-dd）' },
      { rowNo: 3, accountNo: ACC, reason: '单位净值0.9000高于触发阈值0.8500，未触发止损线；处理截止日期不能早于触发日期' },
      { rowNo: 4, accountNo: ACC, reason: '批次号与首行不一致（应为QC20250301001）；到期清盘不填写触发阈值' },
      { rowNo: 5, accountNo: ACC, reason: `格式错误：每行应为9列（${header('clearPosition')}）` },
    ]);
  });

  it('reads pre-cleaning amounts as written and refuses bad ones and repeated lines', () => {
    const text = [
      header('preCleaning'),
      `YQ2025030301,1000000001,${ACC},2025-03-03,SH,1250000.00,300000.5`,
      `YQ2025030301,1000000001,${ACC},2025-03-03,上交所,1.00,2.00`,
      `YQ2025030301,1000000001,${ACC},2025-03-03,XX,-5,1,000.00`,
      `YQ2025030301,1000000001,${ACC},2025-03-03,IB,01.5,"1,000.00"`,
    ].join('\n');
    const feed = parseWarningFeed('preCleaning', text);
    expect(feed.rows).toEqual([{ rowNo: 2, enterpriseNo: '1000000001', accountNo: ACC, settleDate: '2025-03-03', market: 'SH', amountDue: '1250000.00', availableBalance: '300000.5' }]);
    expect(feed.errors).toEqual([
      { rowNo: 3, accountNo: ACC, reason: '与第2行重复' },
      { rowNo: 4, accountNo: ACC, reason: `格式错误：每行应为7列（${header('preCleaning')}）` },
      { rowNo: 5, accountNo: ACC, reason: '应付金额格式不合法（最大17位整数和2位小数）；可用余额格式不合法（最大17位整数和2位小数）' },
    ]);
  });

  it('computes the amount payable exactly and refuses a fraction of a cent', () => {
    const text = [
      header('newSharePayment'),
      `XG2025030501,1000000001,${ACC},688981,中芯国际,SH,1500,27.46,2025-03-07`,
      `XG2025030501,1000000001,${ACC},301001,凯淳股份,SZ,3,0.3333,2025-03-07`,
      `XG2025030501,1000000001,${ACC},123456,某某转债,IB,10,100,2025-03-07`,
    ].join('\n');
    const feed = parseWarningFeed('newSharePayment', text);
    expect(feed.rows).toEqual([
      { rowNo: 2, enterpriseNo: '1000000001', accountNo: ACC, stockCode: '688981', stockName: '中芯国际', market: 'SH', quantity: 1500, issuePrice: '27.46', amountPayable: '41190.00', paymentDeadline: '2025-03-07' },
    ]);
    expect(feed.errors.map((e) => e.reason)).toEqual(['应缴金额（配售数量×发行价格）须为整分且不超过17位整数', '新股市场须为SH上交所、SZ深交所、BJ北交所']);
  });

  it('refuses a file without the header, of another kind, empty, or too long', () => {
    expect(parseWarningFeed('preCleaning', '').fileError).toBe('文件中没有预警数据');
    expect(parseWarningFeed('preCleaning', `${header('preCleaning')}\n\n`).fileError).toBe('文件中没有预警数据');
    expect(parseWarningFeed('preCleaning', `YQ1,1000000001`).fileError).toBe(`文件第一行应为表头：${header('preCleaning')}`);
    expect(parseWarningFeed('preCleaning', `${header('clearPosition')}\nx`).fileError).toBe('该文件为“清仓预警”数据，与所选类型“预清算提醒”不符');
    const many = [header('preCleaning'), ...Array.from({ length: FEED_MAX_ROWS + 1 }, () => 'x')].join('\n');
    expect(parseWarningFeed('preCleaning', many).fileError).toBe(`一个文件最多${FEED_MAX_ROWS}条预警，该文件有${FEED_MAX_ROWS + 1}条`);
  });
});

describe('amountPayable and dates', () => {
  it('multiplies in integers', () => {
    expect(amountPayable(500, '12.34')).toBe('6170.00');
    expect(amountPayable(3, '0.1')).toBe('0.30');
    expect(amountPayable(9_999_999_999, '99999999.9999')).toBeNull();
    expect(amountPayable(1, '0.0001')).toBeNull();
  });
  it('knows real dates', () => {
    expect(isYmd('2024-02-29')).toBe(true);
    expect(isYmd('2025-02-29')).toBe(false);
    expect(isYmd('20250301')).toBe(false);
  });
});
