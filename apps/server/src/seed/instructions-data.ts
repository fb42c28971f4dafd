/**
 * Material for the demo payment instructions: payees a custody account really pays (brokers,
 * banks, fund companies, clearing houses, service providers), with their banks and 12-digit
 * CNAPS codes, the purposes each instruction type carries and the reasons for refusals.
 */

export interface Payee {
  name: string;
  accountNo: string;
  bank: string;
  cnaps: string;
}

export const PAYEES: readonly Payee[] = [
  { name: '中信证券股份有限公司', accountNo: '7111010182600012345', bank: '中信银行北京瑞城中心支行', cnaps: '302100011106' },
  { name: '华泰证券股份有限公司', accountNo: '10150000000460321', bank: '中国工商银行南京城南支行', cnaps: '102301000153' },
  { name: '国泰君安证券股份有限公司', accountNo: '31001550400050012345', bank: '中国建设银行上海浦东分行', cnaps: '105290036005' },
  { name: '招商证券股份有限公司', accountNo: '755900012310802', bank: '招商银行深圳分行营业部', cnaps: '308584000013' },
  { name: '中国证券登记结算有限责任公司上海分公司', accountNo: '1001190729013300123', bank: '中国工商银行上海市分行营业部', cnaps: '102290019079' },
  { name: '中国证券登记结算有限责任公司深圳分公司', accountNo: '4000023029200123456', bank: '中国工商银行深圳分行', cnaps: '102584002300' },
  { name: '银行间市场清算所股份有限公司', accountNo: '216200100100123456', bank: '兴业银行上海分行营业部', cnaps: '309290000107' },
  { name: '易方达基金管理有限公司', accountNo: '44201501100059012345', bank: '中国建设银行广州天河支行', cnaps: '105581001515' },
  { name: '南方基金管理股份有限公司', accountNo: '337010100100123456', bank: '兴业银行深圳分行营业部', cnaps: '309584000011' },
  { name: '汇添富基金管理股份有限公司', accountNo: '31050161360000001234', bank: '中国建设银行上海第二支行', cnaps: '105290061008' },
  { name: '中国银行股份有限公司北京市分行', accountNo: '320456789012', bank: '中国银行北京市分行营业部', cnaps: '104100000004' },
  { name: '交通银行股份有限公司上海市分行', accountNo: '310066726018800123456', bank: '交通银行上海市分行营业部', cnaps: '301290000007' },
  { name: '上海浦东发展银行股份有限公司', accountNo: '97010078801600001234', bank: '上海浦东发展银行上海分行营业部', cnaps: '310290000013' },
  { name: '普华永道中天会计师事务所（特殊普通合伙）', accountNo: '1001244319006712345', bank: '中国工商银行上海市分行营业部', cnaps: '102290024433' },
  { name: '上海市通力律师事务所', accountNo: '31001520313050012345', bank: '中国建设银行上海静安支行', cnaps: '105290052311' },
  { name: '中央国债登记结算有限责任公司', accountNo: '0200000919000012345', bank: '中国工商银行北京西城支行', cnaps: '102100000919' },
];

/** Purposes by instruction type (dictionary code set instructionType). */
export const PURPOSES: Record<string, readonly string[]> = {
  '01': ['证券交易资金划拨', '清算备付金划入', '新股申购款', '产品资金调拨', '保证金追加'],
  '02': ['支付托管费', '支付管理费', '支付审计费', '支付律师费', '支付销售服务费', '支付信息披露费'],
  '03': ['支付赎回款', '申购基金份额', '货币基金申购款', '赎回款划出'],
  '04': ['银行间债券买断式回购', '银行间现券买入结算', '质押式回购到期结算', '同业存单认购款'],
  '05': ['分红款划付', '税费缴纳', '退还多划款项'],
};

export const REMARKS = ['', '', '', '请于上午11点前处理', '附投资指令函', '与交易对手已确认', '月度例行'] as const;

/** Reasons for refusals, by the step that refuses. */
export const REFUSALS = {
  review: ['收款账号与合同约定不符', '用途描述不清，请补充', '金额与交易确认单不一致', '缺少投资指令函附件'],
  confirm: ['未收到投资顾问书面指令', '超出投资顾问授权范围', '交易对手不在白名单内'],
  confirmReview: ['确认依据不充分', '金额与成交回报不一致'],
  check: ['收款行号有误', '起息日与交易确认单不符', '账户余额需核实', '缺少划款依据文件'],
} as const;

export const REVOKE_REASONS = ['交易取消', '重复录入', '金额录入错误，重新录入', '交易对手变更'] as const;
