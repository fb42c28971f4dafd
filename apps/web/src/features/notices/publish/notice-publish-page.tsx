import { CODE_TABLES, formatDateTime, noticesApi, type StaffNotice } from '@portal/shared';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { schemaRule } from '../../../lib/schema-rule';
import { fetchStaffPage, noticesKey, staffDetailQuery, usePublishNotice, useWithdrawNotice } from '../api/notices';
import { NoticeEditDialog } from './notice-edit-dialog';
import { LevelTag, NoticeBody } from '../notice-parts';
import { NoticeReadersDrawer } from './notice-readers-drawer';
import styles from '../notices.module.css';
import { useMessage } from '../../../lib/countdown-message';

const options = (table: Readonly<Record<string, string>>) => Object.entries(table).map(([key, value]) => ({ key, value }));
const STATUS_COLORS: Record<string, string> = { draft: 'default', published: 'green', withdrawn: 'red' };

const QUERY_FIELDS: FormField[] = [
  { name: 'title', type: 'text', label: '标题', rules: [schemaRule(noticesApi.customerQuerySchema.shape.title)] },
  { name: 'level', type: 'select', label: '级别', options: options(CODE_TABLES.riskLevel) },
  { name: 'status', type: 'select', label: '状态', options: options(CODE_TABLES.noticeStatus) },
];

const COLUMNS: TableColumnsType<StaffNotice> = [
  { title: '标题', dataIndex: 'title', render: (v: string) => <ClippedText text={v} width={200} /> },
  { title: '级别', dataIndex: 'level', width: 80, render: (level: string) => <LevelTag level={level} /> },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (status: string, row) => (
      <Tooltip title={row.withdrawReason ? `撤回原因：${row.withdrawReason}` : undefined}>
        <Tag color={STATUS_COLORS[status]}>{CODE_TABLES.noticeStatus[status as keyof typeof CODE_TABLES.noticeStatus]}</Tag>
        {row.expired && status === 'published' && <Tag>已过期</Tag>}
      </Tooltip>
    ),
  },
  {
    title: '发布范围',
    dataIndex: 'audience',
    width: 140,
    responsive: WIDE_SCREENS,
    render: (audience: string, row) =>
      audience === 'all' ? '全部客户' : <Tooltip title={row.enterprises.map((e) => e.enterpriseName).join('、')}>{`指定 ${row.enterprises.length} 家企业`}</Tooltip>,
  },
  // The list's order (newest first, drafts on top), so it shows at every desktop width.
  { title: '发布时间', dataIndex: 'publishedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
  // Below 1600 px it gives its room to 发布时间 (the status says 已过期, and 预览 shows the date).
  { title: '有效期至', dataIndex: 'expireAt', width: 170, responsive: WIDE_SCREENS, render: (v: string) => formatDateTime(v) },
  { title: '已读/应读', key: 'reading', width: 100, render: (_v, row) => (row.status === 'draft' ? '—' : `${row.readCount}/${row.audienceCount}`) },
];

/** 托管行信息发布 › 风险提示发布 (`/custodianNotice/riskNoticePublish/index`): write, publish, withdraw and follow up notices. */
export function NoticePublishPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [readers, setReaders] = useState<StaffNotice | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffNotice | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const publish = usePublishNotice();
  const withdraw = useWithdrawNotice();
  const preview = useQuery({ ...staffDetailQuery(previewId ?? 0), enabled: previewId !== null });

  const doPublish = (row: StaffNotice) =>
    modal.confirm({
      title: '发布风险提示',
      content: `确定发布“${row.title}”吗？${row.level === noticesApi.URGENT_LEVEL ? '紧急提示将立即弹窗提醒在线用户。' : ''}`,
      onOk: async () => {
        try {
          await publish.mutateAsync(row.id);
          message.success('风险提示已发布');
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const doWithdraw = async () => {
    const { reason } = await reasonForm.validateFields();
    try {
      await withdraw.mutateAsync({ id: withdrawing!.id, reason });
      message.success('风险提示已撤回');
      setWithdrawing(null);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Card title="风险提示发布">
      <DataTable<StaffNotice>
        ariaLabel="风险提示列表"
        queryKey={[...noticesKey, 'staff-list']}
        fetchPage={fetchStaffPage}
        columns={COLUMNS}
        rowKey="id"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={[
          { key: 'preview', label: '预览', onClick: (row) => setPreviewId(row.id) },
          { key: 'edit', label: '修改', visible: (row) => row.status === 'draft', onClick: (row) => setEditing({ id: row.id }) },
          { key: 'publish', label: '发布', visible: (row) => row.status === 'draft', onClick: doPublish },
          { key: 'readers', label: '阅读情况', visible: (row) => row.status !== 'draft', onClick: setReaders },
          { key: 'withdraw', label: '撤回', danger: true, visible: (row) => row.status === 'published', onClick: (row) => { reasonForm.resetFields(); setWithdrawing(row); } },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新增风险提示
          </Button>
        }
      />
      <NoticeEditDialog open={editing !== null} id={editing?.id ?? null} onClose={() => setEditing(null)} />
      <NoticeReadersDrawer notice={readers} onClose={() => setReaders(null)} />
      <Modal open={previewId !== null} title={preview.data?.title ?? '预览'} footer={null} width={760} onCancel={() => setPreviewId(null)} destroyOnHidden>
        {preview.data && (
          <>
            <div className={styles.meta}>
              <LevelTag level={preview.data.level} /> 有效期至 {formatDateTime(preview.data.expireAt)}
            </div>
            <NoticeBody html={preview.data.body} />
          </>
        )}
      </Modal>
      <Modal open={withdrawing !== null} title="撤回风险提示" okText="撤回" okButtonProps={{ danger: true, loading: withdraw.isPending }} onOk={() => void doWithdraw()} onCancel={() => setWithdrawing(null)} destroyOnHidden>
        <p>撤回后客户将不再看到“{withdrawing?.title}”。</p>
        <Form form={reasonForm} layout="vertical">
          <Form.Item name="reason" label="撤回原因" required rules={[schemaRule(noticesApi.noticeWithdraw.request.shape.reason)]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
