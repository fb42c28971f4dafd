import { amountToChinese, codeLabel, formatAccountNo, formatDate, type AccountRecord } from '@portal/shared';
import { Descriptions } from 'antd';
import { accountStatusTag, UsedTag } from './account-columns';
import { moneyOf, textOrEmpty } from './account-format';

/** A register account as the clerk checks it before adding it to e-banking, and once added with its e-banking settings. */
export function AccountDetails({ account }: { account: AccountRecord }) {
  const items = [
    { label: '账号', children: formatAccountNo(account.accountNo) },
    { label: '账户名称', children: account.accountName },
    { label: '产品', children: `${account.productName}（${account.productCode}）` },
    { label: '卡类型', children: codeLabel('cardType', account.cardType) },
    { label: '账户状态', children: accountStatusTag(account.status) },
    { label: '币种', children: codeLabel('currencyName', account.currency) },
    { label: '余额', children: moneyOf(account.balance, account.currency) },
    ...(account.currency === 'CNY' ? [{ label: '余额大写', children: amountToChinese(account.balance) }] : []),
    ...(account.reinvestType !== null ? [{ label: '转存方式', children: codeLabel('reinvestType', account.reinvestType) }] : []),
    { label: '第三方机构', children: textOrEmpty(account.thirdPartyEnterpriseName) },
    { label: '开户网点', children: textOrEmpty(account.openBranch) },
    { label: '开户日期', children: formatDate(account.openDate) },
    ...(account.used === null
      ? []
      : [
          { label: '账户别名', children: textOrEmpty(account.alias) },
          { label: '使用状态', children: <UsedTag used={account.used} /> },
          { label: '单笔限额', children: moneyOf(account.singleLimit, account.currency) },
          { label: '日累计限额', children: moneyOf(account.dailyLimit, account.currency) },
        ]),
  ];
  return <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }} items={items.map((item) => ({ ...item, key: item.label }))} />;
}
