import { amountToChinese, codeLabel, formatAccountNo, formatAmount, formatDate } from '@portal/shared';
import { Descriptions } from 'antd';
import type { CustodyAccount } from './demo-data';

export function AccountDetails({ account }: { account: CustodyAccount }) {
  const items = [
    { label: '账号', children: formatAccountNo(account.accountNo) },
    { label: '账户名称', children: account.accountName },
    { label: '所属企业', children: account.enterpriseName },
    { label: '账户类型', children: codeLabel('cardType', account.cardType) },
    { label: '币种', children: codeLabel('currencyName', account.currency) },
    { label: '账户余额', children: `${codeLabel('currencySymbol', account.currency)} ${formatAmount(account.balance)}` },
    ...(account.currency === 'CNY' ? [{ label: '大写金额', children: amountToChinese(account.balance) }] : []),
    { label: '账户状态', children: codeLabel('accountStatus', account.status) },
    { label: '开户日期', children: formatDate(account.openDate) },
  ];
  return <Descriptions column={1} size="small" items={items.map((item) => ({ ...item, key: item.label }))} />;
}
