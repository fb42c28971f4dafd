import { codeLabel, formatAccountNo, formatDate, type AccountRecord } from '@portal/shared';
import { Button, Tag, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../components/data-table';
import { moneyOf, textOrEmpty } from './account-format';
import type { AddedState } from './api/list-accounts';

const STATUS_COLOURS: Record<string, string> = { '00': 'success', '01': 'warning', '02': 'default', '03': 'default', '04': 'error' };

export function UsedTag({ used }: { used: number | null }) {
  if (used === null) return null;
  return used === 1 ? <Tag color="success">启用</Tag> : <Tag color="error">停用</Tag>;
}

export const accountStatusTag = (status: string) => <Tag color={STATUS_COLOURS[status] ?? 'default'}>{codeLabel('accountStatus', status)}</Tag>;

/**
 * The account list's columns; the e-banking ones (alias, switch, limits) only on the 已添加 side.
 * The number opens the account's details, which hold the columns kept for wide screens.
 */
export function accountColumns(added: AddedState, onOpen: (account: AccountRecord) => void): TableColumnsType<AccountRecord> {
  const ebank = added === 'added';
  // Who and what first (number, name, alias), then whether it can be used, then the register details.
  return [
    {
      key: 'accountNo',
      title: '账号',
      dataIndex: 'accountNo',
      render: (value: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)}>
          {formatAccountNo(value)}
        </Button>
      ),
    },
    { key: 'accountName', title: '账户名称', dataIndex: 'accountName', render: (v: string) => <ClippedText text={v} width={ebank ? 160 : 260} /> },
    ...(ebank ? [{ key: 'alias', title: '账户别名', dataIndex: 'alias', render: (v: string | null) => (v ? <ClippedText text={v} width={100} /> : textOrEmpty(v)) }] : []),
    { key: 'status', title: '账户状态', dataIndex: 'status', render: accountStatusTag },
    ...(ebank ? [{ key: 'used', title: '使用状态', dataIndex: 'used', render: (used: number | null) => <UsedTag used={used} /> }] : []),
    {
      key: 'product',
      title: '产品',
      responsive: WIDE_SCREENS,
      render: (_, row) => <ClippedText text={row.productName} width={260} tooltip={`${row.productName}（${row.productCode}）`} />,
    },
    { key: 'cardType', title: '卡类型', dataIndex: 'cardType', responsive: WIDE_SCREENS, render: (v: string) => codeLabel('cardType', v) },
    { key: 'currency', title: '币种', dataIndex: 'currency', responsive: WIDE_SCREENS, render: (v: string) => codeLabel('currencyName', v) },
    { key: 'balance', title: '余额', align: 'right', render: (_, row) => moneyOf(row.balance, row.currency) },
    ...(ebank
      ? ([
          { key: 'singleLimit', title: '单笔限额', align: 'right', responsive: WIDE_SCREENS, render: (_, row) => moneyOf(row.singleLimit, row.currency) },
          { key: 'dailyLimit', title: '日累计限额', align: 'right', responsive: WIDE_SCREENS, render: (_, row) => moneyOf(row.dailyLimit, row.currency) },
        ] satisfies TableColumnsType<AccountRecord>)
      : []),
    { key: 'thirdParty', title: '第三方机构', dataIndex: 'thirdPartyEnterpriseName', responsive: WIDE_SCREENS, render: textOrEmpty },
    { key: 'openBranch', title: '开户网点', dataIndex: 'openBranch', responsive: WIDE_SCREENS, render: textOrEmpty },
    { key: 'openDate', title: '开户日期', dataIndex: 'openDate', responsive: WIDE_SCREENS, render: (v: string) => formatDate(v) },
  ];
}
