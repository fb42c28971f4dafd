/**
 * Code tables of spec §3. Labels the spec gives in Chinese are quoted verbatim;
 * card type and card status, which the spec only glosses in English, use the
 * Chinese product names a Chinese bank prints on its statements:
 * - PTIM "fixed term deposit" is the classic lump-sum fixed deposit: 定期存款（整存整取）.
 * - PIDA ("Installment Deposit Account", spec gloss "lump-sum savings") is 零存整取:
 *   instalments in, lump sum out — PTIM already covers 整存整取.
 * - PNDB / PNDA are the PBoC notice-deposit products 一天通知存款 / 七天通知存款.
 * - PYLC "easy-swipe loan card" is 易刷贷卡 (a loan card, kept distinct from the
 *   credit card PYCC, which the spec glosses separately as 学生信用卡).
 * - Card status 02 "reissued" is 补发, the counter term for a replacement card.
 */
export const CODE_TABLES = {
  cardType: {
    PDBC: '借记卡',
    PTIM: '定期存款（整存整取）',
    PNDB: '一天通知存款',
    PNDA: '七天通知存款',
    PIDA: '零存整取',
    PSAV: '活期存款',
    PYWA: '智能卡',
    PYWB: '智能卡',
    PYWC: '智能卡',
    PYWD: '智能卡',
    PYLC: '易刷贷卡',
    PYCC: '学生信用卡',
  },
  cardStatus: { '00': '注销', '01': '正常', '02': '补发' },
  reinvestType: { '0': '不转存', '1': '本金转存', '2': '本息转存' },
  channel: {
    ALP: '支付宝',
    ARS: '自动应答系统',
    CAM: '卡管理系统',
    CMS: '现金管理系统',
    IBP: '超级网银（他行汇款）',
    IBS: '网银（网上银行）',
  },
  currencySymbol: { CNY: '￥', KRW: '₩', USD: '$' },
  currencyName: { CNY: '人民币', KRW: '韩币', USD: '美元' },
  country: { CN: '中国', KR: '韩国', OT: '其他' },
  sex: { F: '女', M: '男' },
  /** The bank's branches a user is opened at (users' branchCode): the bank's own institution numbers. */
  branch: { '100000': '总行营业部', '110000': '北京分行营业部', '310000': '上海分行营业部' },
  /** Payment instruction types (issue 12); the entry form reads them from the dictionary. */
  instructionType: { '01': '划款', '02': '费用支付', '03': '申购赎回款', '04': '银行间交易', '05': '其他' },
  /** Risk notice levels (issue 13); 紧急 must be acknowledged by each reader. */
  riskLevel: { '1': '一般', '2': '重要', '3': '紧急' },
  noticeStatus: { draft: '草稿', published: '已发布', withdrawn: '已撤回' },
  /** What set off a clear-position warning (issue 13). */
  warningTrigger: { '01': '预警线', '02': '止损线', '03': '到期清盘' },
  /** Where a trade settles or a new share is listed (issue 13's pre-cleaning and new-share feeds). */
  market: { SH: '上交所', SZ: '深交所', BJ: '北交所', IB: '银行间', HK: '港股通' },
  /** Clear-position warnings and pre-cleaning reminders. */
  warningStatus: { '0': '未处理', '1': '已处理' },
  /** New-share payments. */
  sharePaymentStatus: { '0': '未缴款', '1': '已确认缴款' },
  accountStatus: {
    '00': '正常',
    '01': '休眠账户',
    '02': '取消',
    '03': '注销（销户）',
    '04': '编入营业外收入',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type CodeTableName = keyof typeof CODE_TABLES;

const EMPTY_LABEL = '暂无';
const UNKNOWN_LABEL = '自定义';

/**
 * Label of `code` in `table`. Codes are trimmed because core-banking CHAR columns
 * arrive space-padded; numbers are accepted since reinvest types come as 0/1/2.
 */
export function codeLabel(table: CodeTableName, code: string | number | null | undefined): string {
  const key = code === null || code === undefined ? '' : String(code).trim();
  if (key === '') return EMPTY_LABEL;
  const labels: Readonly<Record<string, string>> = CODE_TABLES[table];
  // Object.hasOwn keeps inherited names such as 'toString' out of the lookup.
  const label = Object.hasOwn(labels, key) ? labels[key] : undefined;
  return label ?? UNKNOWN_LABEL;
}
