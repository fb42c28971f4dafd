import { codeLabel, formatAccountNo, formatAmount, formatDate } from '@portal/shared';
import { Tag, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../components/data-table';
import type { CustodyAccount } from './demo-data';

const STATUS_COLOURS: Record<string, string> = { '00': 'success', '01': 'warning', '03': 'default' };

export const ACCOUNT_COLUMNS: TableColumnsType<CustodyAccount> = [
  { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (value: string) => formatAccountNo(value) },
  { key: 'accountName', title: '账户名称', dataIndex: 'accountName', render: (v: string) => <ClippedText text={v} width={180} /> },
  { key: 'cardType', title: '账户类型', dataIndex: 'cardType', responsive: WIDE_SCREENS, render: (value: string) => codeLabel('cardType', value) },
  {
    key: 'balance',
    title: '账户余额',
    align: 'right',
    render: (_, row) => `${codeLabel('currencySymbol', row.currency)} ${formatAmount(row.balance)}`,
  },
  {
    key: 'status',
    title: '账户状态',
    dataIndex: 'status',
    render: (value: string) => <Tag color={STATUS_COLOURS[value] ?? 'default'}>{codeLabel('accountStatus', value)}</Tag>,
  },
  { key: 'openDate', title: '开户日期', dataIndex: 'openDate', responsive: WIDE_SCREENS, render: (value: string) => formatDate(value) },
];
