import { codeLabel, type AccountRecord } from '@portal/shared';
import { amountCell, type SheetColumn } from '../../platform/xlsx';
import type { thirdPartyChunks } from './accounts.queries';

type ThirdPartyRow = Awaited<ReturnType<ReturnType<typeof thirdPartyChunks>['next']>>['value'] & object;

const BEIJING = 8 * 3_600_000;
/** yyyy-MM-dd HH:mm:ss in Beijing time, whatever the server's zone. */
const dateTime = (iso: string | null) => (iso ? new Date(Date.parse(iso) + BEIJING).toISOString().replace('T', ' ').slice(0, 19) : '暂无');

/** The columns of the account list download: the screen's columns, code labels, '暂无' for empty text. */
export const ACCOUNT_COLUMNS: SheetColumn<AccountRecord>[] = [
  { header: '账号', width: 24, kind: 'text', value: (r) => r.accountNo },
  { header: '账户名称', width: 44, value: (r) => r.accountName },
  { header: '账户别名', width: 22, value: (r) => r.alias || '暂无' },
  { header: '产品名称', width: 40, value: (r) => r.productName },
  { header: '产品代码', width: 14, kind: 'text', value: (r) => r.productCode },
  { header: '卡类型', width: 20, value: (r) => codeLabel('cardType', r.cardType) },
  { header: '账户状态', width: 14, value: (r) => codeLabel('accountStatus', r.status) },
  { header: '币种', width: 8, value: (r) => codeLabel('currencyName', r.currency) },
  { header: '开户网点', width: 18, value: (r) => r.openBranch },
  { header: '开户日期', width: 12, kind: 'text', value: (r) => r.openDate },
  { header: '余额', width: 20, kind: 'amount', value: (r) => amountCell(r.balance) },
  { header: '转存方式', width: 10, value: (r) => codeLabel('reinvestType', r.reinvestType) },
  { header: '第三方机构', width: 30, value: (r) => r.thirdPartyEnterpriseName ?? '暂无' },
  { header: '网银添加状态', width: 12, value: (r) => (r.added ? '已添加' : '未添加') },
  { header: '网银启用状态', width: 12, value: (r) => (r.used === null ? '暂无' : r.used === 1 ? '启用' : '停用') },
  // Empty limits stay empty cells, so the column sums and sorts as numbers.
  { header: '单笔限额', width: 18, kind: 'amount', value: (r) => amountCell(r.singleLimit) },
  { header: '日累计限额', width: 18, kind: 'amount', value: (r) => amountCell(r.dailyLimit) },
  { header: '添加人', width: 12, value: (r) => r.addedBy ?? '暂无' },
  { header: '添加时间', width: 20, value: (r) => dateTime(r.addedAt) },
];

/** The columns of the third-party institution's download: whose account it is, and the account. */
export const THIRD_PARTY_COLUMNS: SheetColumn<ThirdPartyRow[number]>[] = [
  { header: '账号', width: 24, kind: 'text', value: (r) => r.account_no },
  { header: '账户名称', width: 44, value: (r) => r.account_name },
  { header: '所属企业编号', width: 14, kind: 'text', value: (r) => r.enterprise_no },
  { header: '所属企业名称', width: 30, value: (r) => r.enterprise_name },
  { header: '产品名称', width: 40, value: (r) => r.product_name },
  { header: '产品代码', width: 14, kind: 'text', value: (r) => r.product_code },
  { header: '卡类型', width: 20, value: (r) => codeLabel('cardType', r.card_type) },
  { header: '账户状态', width: 14, value: (r) => codeLabel('accountStatus', r.status) },
  { header: '币种', width: 8, value: (r) => codeLabel('currencyName', r.currency) },
  { header: '开户网点', width: 18, value: (r) => r.open_branch },
  { header: '开户日期', width: 12, kind: 'text', value: (r) => r.open_date },
  { header: '余额', width: 20, kind: 'amount', value: (r) => amountCell(r.balance) },
];
