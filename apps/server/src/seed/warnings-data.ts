/**
 * Material for the demo warnings: new issues a custody client is allotted in offline subscription
 * (code, name, exchange, issue price), and what the customer writes when it handles a warning.
 */

export interface NewIssue {
  stockCode: string;
  stockName: string;
  /** `CODE_TABLES.market`: SH 上交所, SZ 深交所, BJ 北交所. */
  market: 'SH' | 'SZ' | 'BJ';
  price: string;
}

export const NEW_ISSUES: readonly NewIssue[] = [
  { stockCode: '688719', stockName: '华芯微电', market: 'SH', price: '36.58' },
  { stockCode: '603312', stockName: '江海重工', market: 'SH', price: '12.46' },
  { stockCode: '301587', stockName: '中科智感', market: 'SZ', price: '28.30' },
  { stockCode: '001396', stockName: '粤海新材', market: 'SZ', price: '17.92' },
  { stockCode: '688802', stockName: '源衡生物', market: 'SH', price: '45.16' },
  { stockCode: '920118', stockName: '太湖精工', market: 'BJ', price: '9.85' },
  { stockCode: '301622', stockName: '英特凌云', market: 'SZ', price: '22.07' },
  { stockCode: '603409', stockName: '汇通物流', market: 'SH', price: '14.63' },
  { stockCode: '688775', stockName: '影石光电', market: 'SH', price: '52.80' },
  { stockCode: '001389', stockName: '广合储能', market: 'SZ', price: '19.44' },
];

export const HANDLE_REMARKS = {
  clearPosition: [
    '已通知投资经理，按合同约定于截止日前完成减仓',
    '已召开投决会，决定按止损线要求分批变现',
    '产品到期，已启动清算流程并通知份额持有人',
    '已与托管行确认，后续净值回升至预警线以上',
    '已按合同追加增强资金',
  ],
  preCleaning: ['已于清算日前划入备付金补足头寸', '已赎回货币基金补足资金缺口', '资金已到账，头寸充足', '已安排同业拆入资金，T日16:00前到账', '已核对，可用余额足以覆盖应付金额'],
  newSharePayment: ['已于缴款日15:00前足额划款', '已提交划款指令支付认购款', '缴款已完成，待中签股份到账', '已确认缴款，资金由托管户划出'],
} as const;
