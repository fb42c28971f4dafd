import { codeLabel, type ClearPositionRecord, type NewSharePaymentRecord, type PreCleaningRecord, type WarningRecord } from '@portal/shared';
import { Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ClippedText, WIDE_SCREENS } from '../../components/data-table';
import { CLEAR_POSITION_CALLS, NEW_SHARE_PAYMENT_CALLS, PRE_CLEANING_CALLS, type KindCalls } from './api/kinds';
import { AccountCell, moneyOf, priceOf, quantityOf, Shortfall, totalsOf } from './warning-format';

/** What a screen of one kind shows and says; the list page and the staff query use it alike. */
export interface WarningKindView<R extends WarningRecord> {
  calls: KindCalls<R>;
  title: string;
  /** The kind's own date, which the date range filters. */
  dateLabel: string;
  /** 处理 or 确认缴款. */
  verb: string;
  /** What the list shows of a row, between the account and the status (the rest kept for wide screens and the details). */
  columns: TableColumnsType<R>;
  /** The detail drawer's fields of the kind. */
  details: (r: R) => [label: string, value: ReactNode][];
  /** A line for the handle dialog about the selected rows (total payable…), if any. */
  summary?: (rows: readonly R[]) => string;
}

export const CLEAR_POSITION_VIEW: WarningKindView<ClearPositionRecord> = {
  calls: CLEAR_POSITION_CALLS,
  title: '清仓预警',
  dateLabel: '触发日期',
  verb: '处理',
  columns: [
    {
      key: 'product',
      title: '产品名称',
      render: (_, r) => <ClippedText text={r.productName} width={150} />,
    },
    { key: 'trigger', title: '触发类型', render: (_, r) => codeLabel('warningTrigger', r.trigger) },
    // A NAV at or below its line stands out; NAVs keep their four decimals.
    { key: 'unitNav', title: '单位净值', align: 'right', render: (_, r) => <Typography.Text type={r.trigger === '03' ? undefined : 'danger'}>{r.unitNav}</Typography.Text> },
    { key: 'threshold', title: '触发阈值', align: 'right', responsive: WIDE_SCREENS, render: (_, r) => r.threshold ?? '—' },
    { key: 'triggerDate', title: '触发日期', dataIndex: 'triggerDate' },
    { key: 'deadline', title: '处理截止日期', dataIndex: 'deadline' },
  ],
  details: (r) => [
    ['产品名称', `${r.productName}（${r.productCode}）`],
    ['触发类型', codeLabel('warningTrigger', r.trigger)],
    ['单位净值', r.unitNav],
    ['触发阈值', r.threshold ?? '无（到期清盘）'],
    ['触发日期', r.triggerDate],
    ['处理截止日期', r.deadline],
  ],
};

export const PRE_CLEANING_VIEW: WarningKindView<PreCleaningRecord> = {
  calls: PRE_CLEANING_CALLS,
  title: '预清算提醒',
  dateLabel: '清算日期',
  verb: '处理',
  columns: [
    { key: 'settleDate', title: '清算日期', dataIndex: 'settleDate' },
    { key: 'market', title: '市场', render: (_, r) => codeLabel('market', r.market) },
    { key: 'amountDue', title: '应付金额', align: 'right', render: (_, r) => moneyOf(r.amountDue, r.currency) },
    { key: 'available', title: '可用余额', align: 'right', render: (_, r) => moneyOf(r.availableBalance, r.currency) },
    { key: 'shortfall', title: '资金缺口', align: 'right', render: (_, r) => <Shortfall amount={r.shortfall} currency={r.currency} /> },
  ],
  details: (r) => [
    ['清算日期', r.settleDate],
    ['市场', codeLabel('market', r.market)],
    ['应付金额', moneyOf(r.amountDue, r.currency)],
    ['可用余额', moneyOf(r.availableBalance, r.currency)],
    ['资金缺口', <Shortfall key="s" amount={r.shortfall} currency={r.currency} />],
  ],
  summary: (rows) => `资金缺口合计 ${totalsOf(rows, (r) => r.shortfall)}`,
};

export const NEW_SHARE_PAYMENT_VIEW: WarningKindView<NewSharePaymentRecord> = {
  calls: NEW_SHARE_PAYMENT_CALLS,
  title: '新股缴款提醒',
  dateLabel: '缴款截止日',
  verb: '确认缴款',
  columns: [
    { key: 'stock', title: '股票', render: (_, r) => `${r.stockName}（${r.stockCode}）` },
    { key: 'market', title: '市场', render: (_, r) => codeLabel('market', r.market) },
    { key: 'quantity', title: '配售数量', align: 'right', responsive: WIDE_SCREENS, render: (_, r) => quantityOf(r.quantity) },
    { key: 'price', title: '发行价格', align: 'right', responsive: WIDE_SCREENS, render: (_, r) => priceOf(r.issuePrice) },
    { key: 'amountPayable', title: '应缴金额', align: 'right', render: (_, r) => <Typography.Text strong>{moneyOf(r.amountPayable, r.currency)}</Typography.Text> },
    { key: 'deadline', title: '缴款截止日', dataIndex: 'paymentDeadline' },
  ],
  details: (r) => [
    ['股票', `${r.stockName}（${r.stockCode}）`],
    ['市场', codeLabel('market', r.market)],
    ['配售数量', quantityOf(r.quantity)],
    ['发行价格', priceOf(r.issuePrice)],
    ['应缴金额', moneyOf(r.amountPayable, r.currency)],
    ['缴款截止日', r.paymentDeadline],
  ],
  summary: (rows) => `应缴金额合计 ${totalsOf(rows, (r) => r.amountPayable)}`,
};

/** The account column every kind starts with. */
export const accountColumn = <R extends WarningRecord>(): TableColumnsType<R>[number] => ({ key: 'account', title: '账号', render: (_, r) => <AccountCell record={r} /> });
