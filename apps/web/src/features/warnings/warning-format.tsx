import { codeLabel, formatAccountNo, formatDateTime, formatMoney, totalsByCurrency, type WarningRecord } from '@portal/shared';
import { Tag, Tooltip, Typography } from 'antd';

/** An amount in the account's currency: symbol, thousands separators, 2 decimals (spec §3). */
export const moneyOf = formatMoney;

/** A four-decimal issue price as the exchanges print it: at least two decimals, no trailing zeros beyond. */
export const priceOf = (value: string) => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/** Exact totals per currency of one amount of the rows, e.g. '￥ 1,200.00；$ 35.50'. */
export const totalsOf = <R extends WarningRecord>(rows: readonly R[], amount: (r: R) => string): string =>
  totalsByCurrency(rows.map((r) => ({ amount: amount(r), currency: r.currency })));

export const quantityOf = (n: number) => `${n.toLocaleString('zh-CN')} 股`;

/** The moment in Beijing time, or 暂无 (spec §3: an empty value). */
export const dateTimeOf = (iso: string | null) => formatDateTime(iso) || '暂无';

export const statusText = (r: WarningRecord) => codeLabel(r.kind === 'newSharePayment' ? 'sharePaymentStatus' : 'warningStatus', r.status);

/** The status; 已逾期 beside an open one past its deadline. */
export function WarningStatus({ record }: { record: WarningRecord }) {
  const open = record.status === '0';
  return (
    <>
      <Tag color={open ? 'warning' : 'success'}>{statusText(record)}</Tag>
      {'overdue' in record && record.overdue && <Tag color="error">已逾期</Tag>}
    </>
  );
}

/** A masked account number (spec §3) with its name on hover. */
export const AccountCell = ({ record }: { record: WarningRecord }) => <Tooltip title={record.accountName}>{formatAccountNo(record.accountNo)}</Tooltip>;

/** A shortfall stands out; none reads 无缺口. */
export function Shortfall({ amount, currency }: { amount: string; currency: string }) {
  // Any non-zero digit: the decimal string is read as written, never as a float.
  return /[1-9]/.test(amount) ? (
    <Typography.Text type="danger" strong>
      {moneyOf(amount, currency)}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">无缺口</Typography.Text>
  );
}

export const handlerOf = (r: WarningRecord) => (r.handledByUserNo ? `${r.handledByName ?? ''}（${r.handledByUserNo}）` : '暂无');

/** The list's 处理人 cell: the name, with the seat and the time on hover. */
export const HandlerCell = ({ record }: { record: WarningRecord }) =>
  record.handledByUserNo ? <Tooltip title={`${record.handledByUserNo} · ${dateTimeOf(record.handledAt)}`}>{record.handledByName}</Tooltip> : '—';
