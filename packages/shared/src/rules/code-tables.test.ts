import { describe, expect, it } from 'vitest';
import { CODE_TABLES, codeLabel, type CodeTableName } from './code-tables';

describe('codeLabel', () => {
  it.each([
    ['cardType', 'PDBC', '借记卡'],
    ['cardType', 'PTIM', '定期存款（整存整取）'],
    ['cardType', 'PNDB', '一天通知存款'],
    ['cardType', 'PNDA', '七天通知存款'],
    ['cardType', 'PIDA', '零存整取'],
    ['cardType', 'PSAV', '活期存款'],
    ['cardType', 'PYWA', '智能卡'],
    ['cardType', 'PYWB', '智能卡'],
    ['cardType', 'PYWC', '智能卡'],
    ['cardType', 'PYWD', '智能卡'],
    ['cardType', 'PYLC', '易刷贷卡'],
    ['cardType', 'PYCC', '学生信用卡'],
    ['cardStatus', '00', '注销'],
    ['cardStatus', '01', '正常'],
    ['cardStatus', '02', '补发'],
    ['reinvestType', '0', '不转存'],
    ['reinvestType', '1', '本金转存'],
    ['reinvestType', '2', '本息转存'],
    ['channel', 'ALP', '支付宝'],
    ['channel', 'ARS', '自动应答系统'],
    ['channel', 'CAM', '卡管理系统'],
    ['channel', 'CMS', '现金管理系统'],
    ['channel', 'IBP', '超级网银（他行汇款）'],
    ['channel', 'IBS', '网银（网上银行）'],
    ['currencySymbol', 'CNY', '￥'],
    ['currencySymbol', 'KRW', '₩'],
    ['currencySymbol', 'USD', '$'],
    ['currencyName', 'CNY', '人民币'],
    ['currencyName', 'KRW', '韩币'],
    ['currencyName', 'USD', '美元'],
    ['country', 'CN', '中国'],
    ['country', 'KR', '韩国'],
    ['country', 'OT', '其他'],
    ['sex', 'F', '女'],
    ['sex', 'M', '男'],
    ['branch', '100000', '总行营业部'],
    ['branch', '110000', '北京分行营业部'],
    ['branch', '310000', '上海分行营业部'],
    ['instructionType', '01', '划款'],
    ['instructionType', '02', '费用支付'],
    ['instructionType', '03', '申购赎回款'],
    ['instructionType', '04', '银行间交易'],
    ['instructionType', '05', '其他'],
    ['riskLevel', '1', '一般'],
    ['riskLevel', '2', '重要'],
    ['riskLevel', '3', '紧急'],
    ['noticeStatus', 'draft', '草稿'],
    ['noticeStatus', 'published', '已发布'],
    ['noticeStatus', 'withdrawn', '已撤回'],
    ['accountStatus', '00', '正常'],
    ['accountStatus', '01', '休眠账户'],
    ['accountStatus', '02', '取消'],
    ['accountStatus', '03', '注销（销户）'],
    ['accountStatus', '04', '编入营业外收入'],
    ['warningTrigger', '01', '预警线'],
    ['warningTrigger', '02', '止损线'],
    ['warningTrigger', '03', '到期清盘'],
    ['market', 'SH', '上交所'],
    ['market', 'SZ', '深交所'],
    ['market', 'BJ', '北交所'],
    ['market', 'IB', '银行间'],
    ['market', 'HK', '港股通'],
    ['warningStatus', '0', '未处理'],
    ['warningStatus', '1', '已处理'],
    ['sharePaymentStatus', '0', '未缴款'],
    ['sharePaymentStatus', '1', '已确认缴款'],
  ] as const)('%s %s -> %s', (table, code, label) => {
    expect(codeLabel(table, code)).toBe(label);
  });

  it('covers every table entry with the rows above', () => {
    const entries = Object.values(CODE_TABLES).reduce((n, table) => n + Object.keys(table).length, 0);
    expect(entries).toBe(66);
  });

  const tables = Object.keys(CODE_TABLES) as CodeTableName[];

  it.each(tables)('%s: empty values show 暂无', (table) => {
    for (const empty of [null, undefined, '', '   ']) expect(codeLabel(table, empty)).toBe('暂无');
  });

  it.each(tables.filter((t) => t !== 'cardType'))('%s: unknown codes show 自定义', (table) => {
    for (const unknown of ['ZZZ', '99', 'toString', '__proto__', 'constructor']) {
      expect(codeLabel(table, unknown)).toBe('自定义');
    }
  });

  it('unknown card types show 自定义 like every table (issue 6: unknown codes → 自定义)', () => {
    expect(codeLabel('cardType', 'PXXX')).toBe('自定义');
    expect(codeLabel('cardType', 'hasOwnProperty')).toBe('自定义');
  });

  it('trims space-padded codes and accepts numeric codes', () => {
    expect(codeLabel('cardType', 'PDBC  ')).toBe('借记卡');
    expect(codeLabel('reinvestType', 2)).toBe('本息转存');
    expect(codeLabel('reinvestType', 0)).toBe('不转存');
  });

  it('is case-sensitive: codes are upper-case identifiers', () => {
    expect(codeLabel('sex', 'f')).toBe('自定义');
  });
});
