import { codeLabel, type WarningKind, type WarningRecord, type WarningRecordOf } from '@portal/shared';
import { amountCell, type SheetColumn } from '../../platform/xlsx';

const BEIJING = 8 * 3_600_000;
/** yyyy-MM-dd HH:mm:ss in Beijing time, whatever the server's zone. */
const dateTime = (iso: string | null) => (iso ? new Date(Date.parse(iso) + BEIJING).toISOString().replace('T', ' ').slice(0, 19) : '');

const statusOf = (r: WarningRecord) => {
  const label = codeLabel(r.kind === 'newSharePayment' ? 'sharePaymentStatus' : 'warningStatus', r.status);
  return 'overdue' in r && r.overdue ? `${label}（已逾期）` : label;
};

/** Columns every kind ends with: its status and who handled it. */
const handled = <T extends WarningRecord>(by: string): SheetColumn<T>[] => [
  { header: '状态', width: 16, value: statusOf },
  { header: by, width: 16, value: (r) => (r.handledByUserNo ? `${r.handledByName ?? ''}（${r.handledByUserNo}）` : '') },
  { header: '处理时间', width: 20, value: (r) => dateTime(r.handledAt) },
  { header: '处理说明', width: 36, value: (r) => r.remark ?? '' },
];

const account = <T extends WarningRecord>(): SheetColumn<T>[] => [
  { header: '账号', width: 24, kind: 'text', value: (r) => r.accountNo },
  { header: '账户名称', width: 44, value: (r) => r.accountName },
];

/** The download's columns per kind: the screen's columns, code labels, amounts as numbers. */
export const SHEETS: { [K in WarningKind]: { name: string; columns: SheetColumn<WarningRecordOf<K>>[] } } = {
  clearPosition: {
    name: '清仓预警',
    columns: [
      ...account(),
      { header: '产品代码', width: 12, kind: 'text', value: (r) => r.productCode },
      { header: '产品名称', width: 40, value: (r) => r.productName },
      { header: '触发类型', width: 10, value: (r) => codeLabel('warningTrigger', r.trigger) },
      { header: '单位净值', width: 12, kind: 'price', value: (r) => amountCell(r.unitNav) },
      { header: '触发阈值', width: 12, kind: 'price', value: (r) => amountCell(r.threshold) },
      { header: '触发日期', width: 12, kind: 'text', value: (r) => r.triggerDate },
      { header: '处理截止日期', width: 14, kind: 'text', value: (r) => r.deadline },
      ...handled('处理人'),
    ],
  },
  preCleaning: {
    name: '预清算提醒',
    columns: [
      ...account(),
      { header: '清算日期', width: 12, kind: 'text', value: (r) => r.settleDate },
      { header: '市场', width: 10, value: (r) => codeLabel('market', r.market) },
      { header: '币种', width: 8, value: (r) => codeLabel('currencyName', r.currency) },
      { header: '应付金额', width: 20, kind: 'amount', value: (r) => amountCell(r.amountDue) },
      { header: '可用余额', width: 20, kind: 'amount', value: (r) => amountCell(r.availableBalance) },
      { header: '资金缺口', width: 20, kind: 'amount', value: (r) => amountCell(r.shortfall) },
      ...handled('处理人'),
    ],
  },
  newSharePayment: {
    name: '新股缴款提醒',
    columns: [
      ...account(),
      { header: '股票代码', width: 10, kind: 'text', value: (r) => r.stockCode },
      { header: '股票名称', width: 16, value: (r) => r.stockName },
      { header: '市场', width: 10, value: (r) => codeLabel('market', r.market) },
      { header: '配售数量', width: 14, kind: 'count', value: (r) => r.quantity },
      { header: '发行价格', width: 12, kind: 'price', value: (r) => amountCell(r.issuePrice) },
      { header: '应缴金额', width: 20, kind: 'amount', value: (r) => amountCell(r.amountPayable) },
      { header: '缴款截止日期', width: 14, kind: 'text', value: (r) => r.paymentDeadline },
      ...handled('确认人'),
    ],
  },
};
