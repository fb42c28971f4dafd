import { useQuery } from '@tanstack/react-query';
import { formatAccountNo, formatAmount, formatMoney, periodLabel, type CashEntry, type ReconcileItem } from '@portal/shared';
import { Alert, Button, Descriptions, Drawer, Form, Input, Radio, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { useMessage } from '../../lib/countdown-message';
import { statementQuery, useReconcile } from './api/cash';
import { ReconciliationDetail } from './reconcile-format';

/** The period's entries; while reporting a mismatch, the disputed ones are ticked. */
function PeriodEntries({ entries, selection }: { entries: CashEntry[]; selection: { selected: number[]; onChange: (ids: number[]) => void } | null }) {
  return (
    <Table<CashEntry>
      aria-label="期间流水"
      size="small"
      rowKey="id"
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      rowSelection={selection ? { selectedRowKeys: selection.selected, onChange: (keys) => selection.onChange(keys as number[]) } : undefined}
      columns={[
        { key: 'bookingDate', title: '记账日期', dataIndex: 'bookingDate', width: 104 },
        { key: 'summary', title: '摘要', render: (_, e) => e.summary || '—' },
        { key: 'credit', title: '贷方', align: 'right', render: (_, e) => (e.direction === 'C' ? formatAmount(e.amount) : '') },
        { key: 'debit', title: '借方', align: 'right', render: (_, e) => (e.direction === 'D' ? formatAmount(e.amount) : '') },
        { key: 'balance', title: '余额', align: 'right', render: (_, e) => (e.balance === null ? '—' : formatAmount(e.balance)) },
        { key: 'instructionNo', title: '指令编号', render: (_, e) => e.instructionNo ?? '—', responsive: ['md'] },
      ]}
    />
  );
}

/**
 * One period of one account: the statement as the server holds it, and (while 未对账, for a seat
 * that may answer) 相符 or 不符 with the disputed entries and a reason, signed by the device key.
 */
export function ReconcileDrawer({ item, mayAnswer, onClose }: { item: ReconcileItem | null; mayAnswer: boolean; onClose: () => void }) {
  const message = useMessage();
  const input = item ? { accountNo: item.accountNo, dateFrom: item.periodStart, dateTo: item.periodEnd } : null;
  const statement = useQuery(statementQuery(input));
  const s = statement.data;
  const [result, setResult] = useState<'match' | 'mismatch'>('match');
  const [reason, setReason] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const reconcile = useReconcile();
  const answering = item?.status === 'due' && mayAnswer;

  const close = () => {
    setResult('match');
    setReason('');
    setSelected([]);
    onClose();
  };
  const submit = async () => {
    if (!item || !s) return;
    try {
      await reconcile.mutateAsync({
        accountNo: item.accountNo,
        periodStart: item.periodStart,
        periodEnd: item.periodEnd,
        result,
        entryIds: result === 'mismatch' ? selected : [],
        reason: result === 'mismatch' ? reason : '',
        opening: s.opening,
        closing: s.closing,
        entryCount: s.entries.length,
      });
      message.success(result === 'match' ? '已签名确认对账相符' : '已签名提交对账不符，等待托管行答复');
      close();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Drawer open={item !== null} onClose={close} size={760} destroyOnHidden title={item ? `电子对账 ${periodLabel({ start: item.periodStart, end: item.periodEnd })}` : '电子对账'}>
      {!item || !s ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="账户">
              {item.accountName} {formatAccountNo(item.accountNo)}
            </Descriptions.Item>
            <Descriptions.Item label="期间">
              {item.periodStart} 至 {item.periodEnd}
            </Descriptions.Item>
            <Descriptions.Item label="期初余额">{s.opening === null ? '—' : formatMoney(s.opening, s.account.currency)}</Descriptions.Item>
            <Descriptions.Item label="期末余额">{s.closing === null ? '—' : formatMoney(s.closing, s.account.currency)}</Descriptions.Item>
            <Descriptions.Item label="贷方合计">
              {formatAmount(s.totalCredit)}（{s.creditCount} 笔）
            </Descriptions.Item>
            <Descriptions.Item label="借方合计">
              {formatAmount(s.totalDebit)}（{s.debitCount} 笔）
            </Descriptions.Item>
          </Descriptions>
          {item.reconciliation && <ReconciliationDetail item={item} />}
          {answering && (
            <Form layout="vertical" name="reconcile">
              <Form.Item label="对账结果">
                <Radio.Group optionType="button" buttonStyle="solid" value={result} onChange={(e) => setResult(e.target.value as 'match' | 'mismatch')} options={[{ value: 'match', label: '相符' }, { value: 'mismatch', label: '不符' }]} />
              </Form.Item>
              {result === 'mismatch' && (
                <Form.Item label="不符原因" required>
                  <Input.TextArea aria-label="不符原因" rows={3} maxLength={500} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请说明不符的情况，并在下方勾选不符的流水" />
                </Form.Item>
              )}
              <Alert type="info" showIcon title="提交时将使用本设备密钥对账户、期间、期初期末余额和流水笔数签名，签名与对账结果一并保存。" />
            </Form>
          )}
          <PeriodEntries entries={s.entries} selection={answering && result === 'mismatch' ? { selected, onChange: setSelected } : null} />
          {answering && (
            <Button type="primary" loading={reconcile.isPending} disabled={result === 'mismatch' && reason.trim() === ''} onClick={() => void submit()}>
              签名提交
            </Button>
          )}
        </Space>
      )}
    </Drawer>
  );
}
