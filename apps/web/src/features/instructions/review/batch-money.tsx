import { useQuery } from '@tanstack/react-query';
import { formatAccountNo, type BatchAccount, type InstructionListRecord } from '@portal/shared';
import { Table, Typography } from 'antd';
import { batchAccountsQuery } from '../api/payer-accounts';
import { Name, TwoLines } from '../common/instruction-columns';
import { Amount } from '../common/instruction-format';

const money = (pick: (a: BatchAccount) => string) => (_: unknown, a: BatchAccount) => <Amount amount={pick(a)} currency={a.currency} />;

/**
 * 本批资金预估: for the rows selected on the review list, each payer account's balance, the batch
 * on it, what its other instructions in flight take, and what stays once all are paid — so a
 * reviewer sees an overdraft coming before signing.
 */
export function BatchMoney({ rows }: { rows: readonly InstructionListRecord[] }) {
  const ids = rows.map((r) => r.id);
  const { data, isFetching } = useQuery(batchAccountsQuery(ids));
  if (ids.length === 0) return null;
  return (
    <section aria-label="本批资金预估" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>本批资金预估</Typography.Title>
      <Table<BatchAccount>
        size="small"
        rowKey="accountNo"
        pagination={false}
        loading={isFetching && !data}
        dataSource={data?.accounts ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'account', title: '付款账户', render: (_, a) => <TwoLines first={<Name text={a.alias || a.accountName} width={220} />} second={formatAccountNo(a.accountNo)} /> },
          { key: 'balance', title: '账户余额', align: 'right', render: money((a) => a.balance) },
          { key: 'batch', title: '笔数', align: 'right', dataIndex: 'batchCount' },
          { key: 'batchAmount', title: '本批金额', align: 'right', render: money((a) => a.batchAmount) },
          { key: 'afterBatch', title: '本批后余额', align: 'right', render: money((a) => a.afterBatch) },
          { key: 'otherHeld', title: '其他在途', align: 'right', render: money((a) => a.otherHeld) },
          {
            key: 'projected',
            title: '预计可用',
            align: 'right',
            render: (_, a) => <Typography.Text type={a.projectedAvailable.startsWith('-') ? 'danger' : undefined} strong><Amount amount={a.projectedAvailable} currency={a.currency} /></Typography.Text>,
          },
        ]}
      />
    </section>
  );
}
