import { useQuery } from '@tanstack/react-query';
import { cashApi, formatAccountNo, periodLabel, type ReconcileItem, type ReconcileStatus } from '@portal/shared';
import { Button, Card, Segmented, Space, Table, Typography } from 'antd';
import { use, useState } from 'react';
import { AccessContext } from '../../lib/permissions';
import { reconcileQuery, useStatementEvents } from './api/cash';
import { ReconcileDrawer } from './reconcile-drawer';
import { ReconcileStatusTag } from './reconcile-format';

type Filter = ReconcileStatus | 'all';

/**
 * 估值与对账 › 电子对账 (`/valuation/electronicReconcile/index`): each account's ended
 * periods (monthly unless the bank set quarterly), 未对账, 相符 or 不符; a seat that may answer
 * confirms or reports a mismatch, signed; the bank's reply to a mismatch shows here.
 */
export function ReconcilePage() {
  useStatementEvents();
  const mayAnswer = use(AccessContext).includes('CASH_RECONCILE');
  const items = useQuery(reconcileQuery);
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<ReconcileItem | null>(null);
  const all = items.data ?? [];
  const count = (s: ReconcileStatus) => all.filter((i) => i.status === s).length;
  const shown = filter === 'all' ? all : all.filter((i) => i.status === filter);
  return (
    <Card title="电子对账">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: `全部 ${all.length}` },
            { value: 'due', label: `未对账 ${count('due')}` },
            { value: 'match', label: `相符 ${count('match')}` },
            { value: 'mismatch', label: `不符 ${count('mismatch')}` },
          ]}
        />
        <Table<ReconcileItem>
          aria-label="对账期间"
          size="small"
          loading={items.isLoading}
          rowKey={(i) => `${i.accountNo}|${i.periodStart}`}
          dataSource={shown}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'period', title: '对账期间', render: (_, i) => periodLabel({ start: i.periodStart, end: i.periodEnd }) },
            {
              key: 'account',
              title: '账户',
              render: (_, i) => (
                <>
                  {i.accountName}
                  <br />
                  <Typography.Text type="secondary">{formatAccountNo(i.accountNo)}</Typography.Text>
                </>
              ),
            },
            { key: 'status', title: '状态', render: (_, i) => <ReconcileStatusTag status={i.status} /> },
            {
              key: 'note',
              title: '说明',
              responsive: ['md'],
              render: (_, i) =>
                i.status === 'due' ? `已结束${i.daysOverdue}天` : i.status === 'match' ? `${i.reconciliation!.signedByName} 已签名确认` : i.reconciliation!.reply ? '托管行已答复' : '待托管行答复',
            },
            {
              key: 'action',
              title: '操作',
              render: (_, i) => (
                <Button type="link" size="small" onClick={() => setOpen(i)}>
                  {i.status === 'due' && mayAnswer ? '对账' : '查看'}
                </Button>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary">对账周期：{all[0] ? (all[0].frequency === 'monthly' ? '按月' : '按季') : '按月'}；期间结束后请及时核对资金对账单并签名确认。{cashApi.RECONCILE_PERIODS_SHOWN}个周期内的记录。</Typography.Text>
      </Space>
      <ReconcileDrawer item={open} mayAnswer={mayAnswer} onClose={() => setOpen(null)} />
    </Card>
  );
}
