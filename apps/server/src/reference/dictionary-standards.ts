import { CODE_TABLES } from '@portal/shared';

/** Data standards the forms are built from (spec §3 "Standard dictionary entry", version 2.0). */
export interface StandardSeed {
  code: string;
  version?: string;
  name_zh: string;
  check_rule?: string;
  prompt?: string;
  regex?: string;
  replacement?: string;
  pattern?: string;
  options?: { code: string; name: string }[];
}

const asOptions = (table: Record<string, string>) => Object.entries(table).map(([code, name]) => ({ code, name }));

export const STANDARDS: StandardSeed[] = [
  {
    code: 'accountNo',
    name_zh: '账号',
    check_rule: '^\\d{10,32}$',
    prompt: '账号应为10到32位数字',
    regex: '^(\\d{6})\\d+(\\d{4})$',
    replacement: '$1******$2',
  },
  { code: 'accountName', name_zh: '账户名称', check_rule: '^.{1,100}$', prompt: '账户名称不能超过100个字符' },
  {
    code: 'amount',
    name_zh: '金额',
    check_rule: '^(0|[1-9]\\d{0,16})(\\.\\d{1,2})?$',
    prompt: '金额格式不合法（最大17位整数和2位小数）',
  },
  { code: 'currency', name_zh: '币种', options: asOptions(CODE_TABLES.currencyName) },
  { code: 'enterpriseNo', name_zh: '企业编号', check_rule: '^\\d{10}$', prompt: '企业编号应为10位数字' },
  {
    code: 'certificateNo',
    name_zh: '证件号码',
    check_rule: '^[0-9A-Za-z]{6,32}$',
    prompt: '证件号码应为6到32位字母或数字',
    regex: '^(.{4}).+(.{4})$',
    replacement: '$1********$2',
  },
  {
    code: 'mobile',
    name_zh: '手机号码',
    check_rule: '^1[3-9]\\d{9}$',
    prompt: '请输入正确的11位手机号码',
    regex: '^(\\d{3})\\d{4}(\\d{4})$',
    replacement: '$1****$2',
  },
  {
    code: 'email',
    name_zh: '电子邮箱',
    check_rule: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    prompt: '请输入正确的电子邮箱地址',
  },
  { code: 'tradeDate', name_zh: '交易日期', pattern: 'YYYY-MM-DD' },
  { code: 'settleDate', name_zh: '结算日期', pattern: 'YYYY-MM-DD' },
  { code: 'cardType', name_zh: '卡类型', options: asOptions(CODE_TABLES.cardType) },
  { code: 'cardStatus', name_zh: '卡状态', options: asOptions(CODE_TABLES.cardStatus) },
  { code: 'reinvestType', name_zh: '转存方式', options: asOptions(CODE_TABLES.reinvestType) },
  { code: 'channel', name_zh: '渠道', options: asOptions(CODE_TABLES.channel) },
  { code: 'country', name_zh: '国家或地区', options: asOptions(CODE_TABLES.country) },
  { code: 'sex', name_zh: '性别', options: asOptions(CODE_TABLES.sex) },
  { code: 'accountStatus', name_zh: '账户状态', options: asOptions(CODE_TABLES.accountStatus) },
  { code: 'instructionType', name_zh: '指令类型', options: asOptions(CODE_TABLES.instructionType) },
  { code: 'warningTrigger', name_zh: '触发类型', options: asOptions(CODE_TABLES.warningTrigger) },
  { code: 'market', name_zh: '市场', options: asOptions(CODE_TABLES.market) },
  { code: 'warningStatus', name_zh: '预警处理状态', options: asOptions(CODE_TABLES.warningStatus) },
  { code: 'sharePaymentStatus', name_zh: '缴款状态', options: asOptions(CODE_TABLES.sharePaymentStatus) },
  { code: 'cnapsCode', name_zh: '大额支付行号', check_rule: '^\\d{12}$', prompt: '大额支付行号须为12位数字' },
];
