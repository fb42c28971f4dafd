import { RECONCILE_FREQUENCIES, cashApi, formatAccountNo, periodLabel, type ReconcileItem } from '@portal/shared';
import { Button, Card, Form, Input, Modal, Radio, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { useMessage } from '../../lib/countdown-message';
import { cashKey, fetchStaffReconcilePage, useReconcileCalendar, useReconcileReply, type StaffReconcilePage } from './api/cash';
import { ReconcileStatusTag, ReconciliationDetail } from './reconcile-format';

const FIELDS: FormField[] = [
  { name: 'enterpriseNo', type: 'text', label: '企业编号', maxLength: 10 },
  { name: 'status', type: 'select', label: '对账状态', options: Object.entries(cashApi.RECONCILE_STATUSES).map(([key, value]) => ({ key, value })) },
];

/** The bank's answer to one mismatch. */
function ReplyDialog({ item, onClose }: { item: ReconcileItem | null; onClose: () => void }) {
  const message = useMessage();
  const [reply, setReply] = useState('');
  const write = useReconcileReply();
  const submit = async () => {
    try {
      await write.mutateAsync({ id: item!.reconciliation!.id, reply });
      message.success('已答复，企业可在电子对账中查看');
      setReply('');
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Modal open={item !== null} title="答复对账不符" okText="提交答复" onOk={() => void submit()} okButtonProps={{ disabled: reply.trim() === '', loading: write.isPending }} onCancel={onClose} destroyOnHidden>
      {item && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {item.enterpriseName} · {item.accountName} · {periodLabel({ start: item.periodStart, end: item.periodEnd })}
          </Typography.Text>
          <Typography.Text type="danger">不符原因：{item.reconciliation?.reason}</Typography.Text>
          <Input.TextArea aria-label="答复内容" rows={4} maxLength={500} showCount value={reply} onChange={(e) => setReply(e.target.value)} />
        </Space>
      )}
    </Modal>
  );
}

/** An enterprise's period: monthly or quarterly. */
function CalendarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const message = useMessage();
  const [form] = Form.useForm<{ enterpriseNo: string; frequency: 'monthly' | 'quarterly' }>();
  const write = useReconcileCalendar();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await write.mutateAsync(values);
      message.success(`企业${values.enterpriseNo}的对账周期已设为${RECONCILE_FREQUENCIES[values.frequency]}`);
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Modal open={open} title="对账周期设置" okText="保存" onOk={() => void submit()} okButtonProps={{ loading: write.isPending }} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name="reconcile-calendar" initialValues={{ frequency: 'monthly' }} preserve={false}>
        <Form.Item name="enterpriseNo" label="企业编号" rules={[{ required: true, pattern: /^\d{10}$/, message: '企业编号须为10位数字' }]}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="frequency" label="对账周期">
          <Radio.Group options={Object.entries(RECONCILE_FREQUENCIES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 托管行指令管理 › 对账管理 (`/custodianInstruction/reconcileManagement/index`): every enterprise's
 * periods, 未对账 first and the longest waiting first (the list to chase), 相符 and 不符 after;
 * staff answer a mismatch and set an enterprise's period.
 */
export function ReconcileManagePage() {
  const [summary, setSummary] = useState<StaffReconcilePage['summary'] | null>(null);
  const [replying, setReplying] = useState<ReconcileItem | null>(null);
  const [viewing, setViewing] = useState<ReconcileItem | null>(null);
  const [calendar, setCalendar] = useState(false);
  const fetchPage = useMemo(() => fetchStaffReconcilePage(setSummary), []);
  return (
    <Card title="对账管理">
      <Space size={32} wrap style={{ marginBottom: 16 }} aria-label="对账汇总">
        <Statistic title="未对账" value={summary?.due ?? '—'} styles={{ content: { color: '#d46b08' } }} />
        <Statistic title="相符" value={summary?.match ?? '—'} styles={{ content: { color: '#389e0d' } }} />
        <Statistic title="不符" value={summary?.mismatch ?? '—'} styles={{ content: { color: '#cf1322' } }} />
      </Space>
      <DataTable<ReconcileItem>
        ariaLabel="对账列表"
        queryKey={[...cashKey, 'reconcile', 'staff']}
        fetchPage={fetchPage}
        rowKey={(i) => `${i.accountNo}|${i.periodStart}`}
        queryFields={FIELDS}
        toolbar={<Button onClick={() => setCalendar(true)}>对账周期设置</Button>}
        columns={[
          { key: 'enterprise', title: '企业', render: (_, i) => `${i.enterpriseName}（${i.enterpriseNo}）` },
          { key: 'period', title: '期间', render: (_, i) => periodLabel({ start: i.periodStart, end: i.periodEnd }) },
          { key: 'status', title: '状态', render: (_, i) => <ReconcileStatusTag status={i.status} /> },
          {
            key: 'note',
            title: '说明',
            render: (_, i) =>
              i.status === 'due' ? (
                <Typography.Text type={i.daysOverdue > 10 ? 'danger' : undefined}>逾期{i.daysOverdue}天</Typography.Text>
              ) : i.status === 'mismatch' ? (
                i.reconciliation!.reply ? '已答复' : <Typography.Text type="danger">待答复：{i.reconciliation!.reason}</Typography.Text>
              ) : (
                `${i.reconciliation!.signedByName}已确认`
              ),
          },
          { key: 'account', title: '账户', render: (_, i) => `${i.accountName} ${formatAccountNo(i.accountNo)}`, responsive: ['xl'] },
        ]}
        rowActions={[
          { key: 'view', label: '查看', onClick: setViewing, visible: (i) => i.reconciliation !== null },
          { key: 'reply', label: '答复', onClick: setReplying, visible: (i) => i.status === 'mismatch' && !i.reconciliation!.reply },
        ]}
      />
      <ReplyDialog item={replying} onClose={() => setReplying(null)} />
      <CalendarDialog open={calendar} onClose={() => setCalendar(false)} />
      <Modal open={viewing !== null} title="对账结果" footer={null} width={720} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <ReconciliationDetail item={viewing} />}
      </Modal>
    </Card>
  );
}
