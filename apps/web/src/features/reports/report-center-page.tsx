import { REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, formatDate, formatDateTime, type GeneratedReport, type ReportFormat, type ReportKind, type ReportSubscription } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Form, List, Modal, Radio, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { useMessage } from '../../lib/countdown-message';
import { RecentTime } from '../../lib/recent-time';
import { accountsQuery, downloadReport, fetchGeneratedPage, kindsQuery, reportsKey, subscriptionsQuery, useRunReport, useSubscribe, useUnsubscribe } from './api/reports';
import { accountOptions, chosenAccounts } from './report-accounts';

const formatOptions = (formats: readonly ReportFormat[]) => formats.map((f) => ({ value: f, label: REPORT_FORMATS[f].label }));
const STATUS: Record<NonNullable<ReportSubscription['lastStatus']>, { color: string; label: string }> = {
  ok: { color: 'green', label: '已送达' },
  retrying: { color: 'orange', label: '重试中' },
  failed: { color: 'red', label: '生成失败' },
};

/** Which accounts a report covers, for reports that take them: none chosen is all the seat may see. */
function AccountsField({ report }: { report: ReportKind | null }) {
  const accounts = useQuery({ ...accountsQuery, enabled: report?.params.includes('accounts') ?? false });
  if (!report?.params.includes('accounts')) return null;
  return (
    <Form.Item name="accountNos" label="账户" extra="不选则为全部账户">
      <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部账户" loading={accounts.isLoading} options={accountOptions(accounts.data ?? [])} maxTagCount="responsive" />
    </Form.Item>
  );
}

/** Runs a report now for a period. */
function RunDialog({ report, onClose, onDone }: { report: ReportKind | null; onClose(): void; onDone(): void }) {
  const message = useMessage();
  const run = useRunReport();
  const [form] = Form.useForm<{ period: [Dayjs, Dayjs]; format: ReportFormat; accountNos?: string[] }>();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      const made = await run.mutateAsync({ kind: report!.kind, format: values.format, from: values.period[0].format('YYYY-MM-DD'), to: values.period[1].format('YYYY-MM-DD'), ...chosenAccounts(values.accountNos) });
      message.success(`已生成：${made.fileName}`);
      onDone();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Modal title={`生成${report?.title ?? ''}`} open={report !== null} onCancel={onClose} onOk={() => void submit()} okText="生成" cancelText="取消" confirmLoading={run.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ period: [dayjs().subtract(1, 'month'), dayjs()], format: report?.formats[0] }}>
        {report?.params.includes('period') && (
          <Form.Item name="period" label="报表期间" rules={[{ required: true, message: '请选择报表期间' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
        <AccountsField report={report} />
        <Form.Item name="format" label="文件格式" rules={[{ required: true, message: '请选择文件格式' }]}>
          <Radio.Group options={formatOptions(report?.formats ?? [])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Subscribes to a report: produced every day, week or month and delivered to 消息中心. */
function SubscribeDialog({ report, onClose }: { report: ReportKind | null; onClose(): void }) {
  const message = useMessage();
  const subscribe = useSubscribe();
  const [form] = Form.useForm<{ frequency: (typeof REPORT_FREQUENCIES)[number]; format: ReportFormat; accountNos?: string[] }>();
  const submit = async () => {
    const { accountNos, ...values } = await form.validateFields();
    try {
      const made = await subscribe.mutateAsync({ kind: report!.kind, ...values, ...chosenAccounts(accountNos) });
      message.success(`订阅成功，首期将于 ${formatDateTime(made.nextRunAt)} 送达消息中心`);
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Modal title={`订阅${report?.title ?? ''}`} open={report !== null} onCancel={onClose} onOk={() => void submit()} okText="订阅" cancelText="取消" confirmLoading={subscribe.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">每期报表于次日（每周一、每月1日）早6点生成，送达消息中心，保留90天。</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ frequency: 'daily', format: report?.formats[0] }}>
        <Form.Item name="frequency" label="订阅频率" rules={[{ required: true, message: '请选择订阅频率' }]}>
          <Radio.Group options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }))} />
        </Form.Item>
        <AccountsField report={report} />
        <Form.Item name="format" label="文件格式" rules={[{ required: true, message: '请选择文件格式' }]}>
          <Radio.Group options={formatOptions(report?.formats ?? [])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 增值服务 › 报表中心 (`/addedServices/reportCenter/index`): the reports the seat may run, its subscriptions and what was produced. */
export function ReportCenterPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.has('report') ? 'generated' : 'kinds');
  const kinds = useQuery(kindsQuery);
  const subscriptions = useQuery(subscriptionsQuery);
  const unsubscribe = useUnsubscribe();
  const [running, setRunning] = useState<ReportKind | null>(null);
  const [subscribing, setSubscribing] = useState<ReportKind | null>(null);

  const generatedColumns: TableColumnsType<GeneratedReport> = [
    { title: '报表', dataIndex: 'title', render: (t: string, r) => <div style={{ minWidth: 140 }}>{t}<div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', wordBreak: 'break-all' }}>{r.fileName}</div></div> },
    { title: '期间', key: 'period', width: 200, render: (_, r) => (r.periodFrom ? (r.periodFrom === r.periodTo ? r.periodFrom : `${r.periodFrom} 至 ${r.periodTo}`) : '—') },
    { title: '来源', dataIndex: 'subscriptionId', width: 90, responsive: ['sm'], render: (v: number | null) => (v ? <Tag color="blue">订阅</Tag> : <Tag>手动</Tag>) },
    { title: '生成时间', dataIndex: 'createdAt', width: 150, render: (v: string) => <RecentTime value={v} /> },
    { title: '保留至', dataIndex: 'expiresAt', width: 110, responsive: ['md'], render: (v: string) => formatDate(v) },
    { title: '操作', key: 'download', width: 110, render: (_, r) => <DownloadButton download={() => downloadReport(r)} subject={r.title}>下载</DownloadButton> },
  ];

  const subscriptionColumns: TableColumnsType<ReportSubscription> = [
    { title: '报表', dataIndex: 'title' },
    { title: '频率', dataIndex: 'frequency', width: 70, render: (f: ReportSubscription['frequency']) => REPORT_FREQUENCY_LABELS[f] },
    { title: '格式', dataIndex: 'format', width: 70, render: (f: ReportFormat) => REPORT_FORMATS[f].label },
    { title: '下次生成', dataIndex: 'nextRunAt', width: 150, render: (v: string) => formatDateTime(v).slice(0, 16) },
    { title: '上次结果', key: 'last', width: 150, render: (_, r) => (r.lastStatus ? <span title={r.lastError ?? undefined}><Tag color={STATUS[r.lastStatus].color}>{STATUS[r.lastStatus].label}</Tag></span> : '尚未生成') },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button type="link" danger style={{ padding: 0 }} loading={unsubscribe.isPending && unsubscribe.variables === r.id} onClick={() => Modal.confirm({ title: '取消订阅', content: `确定取消订阅${r.title}吗？已生成的报表仍会保留。`, okText: '确定', cancelText: '取消', onOk: () => unsubscribe.mutateAsync(r.id) })}>
          取消订阅
        </Button>
      ),
    },
  ];

  return (
    <Card title="报表中心">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'kinds',
            label: '可用报表',
            children: (
              <List
                aria-label="可用报表"
                loading={kinds.isLoading}
                locale={{ emptyText: <Empty description="暂无可用报表" /> }}
                dataSource={kinds.data ?? []}
                renderItem={(r) => (
                  <List.Item actions={[<Button key="run" type="primary" onClick={() => setRunning(r)}>生成</Button>, <Button key="sub" onClick={() => setSubscribing(r)}>订阅</Button>]}>
                    <List.Item.Meta title={r.title} description={<Space wrap size={4}><span>{r.description}</span>{r.formats.map((f) => <Tag key={f}>{REPORT_FORMATS[f].label}</Tag>)}</Space>} />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'subscriptions',
            label: `我的订阅${subscriptions.data?.length ? `（${subscriptions.data.length}）` : ''}`,
            children: <Table<ReportSubscription> aria-label="我的订阅" rowKey="id" size="middle" scroll={{ x: 'max-content' }} loading={subscriptions.isLoading} dataSource={subscriptions.data ?? []} columns={subscriptionColumns} pagination={false} locale={{ emptyText: '暂无订阅' }} />,
          },
          {
            key: 'generated',
            label: '已生成报表',
            children: <DataTable<GeneratedReport> ariaLabel="已生成报表" queryKey={[...reportsKey, 'generated']} fetchPage={fetchGeneratedPage} columns={generatedColumns} rowKey="id" />,
          },
        ]}
      />
      <RunDialog report={running} onClose={() => setRunning(null)} onDone={() => { setRunning(null); setTab('generated'); }} />
      <SubscribeDialog report={subscribing} onClose={() => setSubscribing(null)} />
    </Card>
  );
}
