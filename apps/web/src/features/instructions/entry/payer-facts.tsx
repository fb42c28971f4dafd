import { accountLabel, INSTRUCTION_STATUS, instructionsApi, type InstructionRecord, type PayerAccount } from '@portal/shared';
import { Alert, Descriptions, Typography } from 'antd';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media-query';
import { Amount, moneyOf } from '../common/instruction-format';
import { availableAfter } from './entry-money';
import styles from './payer-facts.module.css';

const limitOf = (limit: string | null, currency: string) => (limit === null ? '不限' : <Amount amount={limit} currency={currency} />);

/** An option of the payer account select: the account and what an instruction may take of it. */
export function PayerOption({ account }: { account: PayerAccount }) {
  const { currency } = account;
  return (
    <div className={styles.payerOption}>
      <span>{accountLabel(account.accountNo, account.alias || account.accountName)}</span>
      <Typography.Text type="secondary" className={styles.payerOptionFacts}>
        可用 {moneyOf(account.availableBalance, currency)} · 单笔 {limitOf(account.singleLimit, currency)} · 日累计 {limitOf(account.dailyLimit, currency)}
        {!account.hasReviewer && <Typography.Text type="warning"> · 无复核人员</Typography.Text>}
      </Typography.Text>
    </div>
  );
}

interface PayerFactsProps {
  account: PayerAccount;
  /** The value date the daily use is for. */
  valueDate: string;
  /** The amount entered, for the balance this instruction leaves. */
  amount: string | undefined;
  /** The instruction being edited: what it already holds is not counted twice. */
  stored: InstructionRecord | undefined;
}

/** What the account's held instructions take on the value date, by status: 待复核 2笔 ¥…；… */
function HeldOnDate({ account }: { account: PayerAccount }) {
  if (account.heldOnDate.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <span className={styles.held}>
      {account.heldOnDate.map((h) => (
        <span key={h.status}>
          {INSTRUCTION_STATUS[h.status]} {h.count}笔 <Amount amount={h.amount} currency={account.currency} />
        </span>
      ))}
    </span>
  );
}

/**
 * The chosen payer account's money (and a warning when nobody else may review on it), and its
 * third-party institution: copied onto the instruction, never chosen, so stated as text.
 */
export function PayerFacts({ account, valueDate, amount, stored }: PayerFactsProps) {
  const { currency, thirdPartyEnterpriseNo, thirdPartyEnterpriseName } = account;
  // A phone has no room for label and value side by side, twice: each label stands over its value.
  const phone = useMediaQuery(PHONE_QUERY);
  const after = availableAfter(amount, valueDate, account, stored);
  return (
    <section aria-label="付款账户信息" className={styles.payerFacts}>
      {!account.hasReviewer && <Alert type="warning" showIcon role="alert" className={styles.noReviewer} title={instructionsApi.INSTRUCTION_MESSAGES.noReviewer} />}
      <Descriptions
        size="small"
        column={phone ? 1 : 2}
        layout={phone ? 'vertical' : 'horizontal'}
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'balance', label: '账户余额', children: <span aria-label="账户余额"><Amount amount={account.balance} currency={currency} /></span> },
          {
            key: 'available',
            label: '可用余额',
            children: (
              <Typography.Text strong aria-label="可用余额">
                <Amount amount={account.availableBalance} currency={currency} />
              </Typography.Text>
            ),
          },
          {
            key: 'after',
            label: '本笔后可用',
            children: (
              <span aria-label="本笔后可用">
                {after === null ? <Typography.Text type="secondary">输入金额后显示</Typography.Text> : <Typography.Text type={after.startsWith('-') ? 'danger' : undefined}><Amount amount={after} currency={currency} /></Typography.Text>}
              </span>
            ),
          },
          { key: 'held', label: `${valueDate} 在途划出`, children: <span aria-label="在途划出"><HeldOnDate account={account} /></span> },
          { key: 'single', label: '单笔限额', children: <span aria-label="单笔限额">{limitOf(account.singleLimit, currency)}</span> },
          {
            key: 'daily',
            label: '日累计限额',
            children: (
              <span aria-label="日累计限额">
                {limitOf(account.dailyLimit, currency)}
                {account.dailyLimit !== null && (
                  <Typography.Text type="secondary">
                    （{valueDate} 已用 <Amount amount={account.dailyUsed} currency={currency} />）
                  </Typography.Text>
                )}
              </span>
            ),
          },
        ]}
      />
      <div className={styles.institution}>
        <Typography.Text>第三方机构：</Typography.Text>
        {thirdPartyEnterpriseNo ? (
          <>
            <Typography.Text strong aria-label="第三方机构">
              {thirdPartyEnterpriseName ?? thirdPartyEnterpriseNo}（{thirdPartyEnterpriseNo}）
            </Typography.Text>
            <Typography.Text type="secondary">由付款账户带出，复核后由该机构确认</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">本账户无第三方机构，复核通过后直接提交托管行审核</Typography.Text>
        )}
      </div>
    </section>
  );
}
