import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type Message, type MessageKind } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Checkbox, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import { useMessage } from '../../lib/countdown-message';
import { RecentTime } from '../../lib/recent-time';
import { fetchMessagePage, messagesKey, preferencesQuery, unreadMessagesQuery, useMarkMessagesRead, useSavePreferences } from './api/messages';
import styles from './messages.module.css';

const KIND_COLORS: Record<MessageKind, string> = { report: 'blue', reconciliation: 'cyan', warning: 'orange', riskNotice: 'red', instruction: 'purple' };

const QUERY_FIELDS: FormField[] = [
  { name: 'kind', type: 'select', label: '消息类型', options: MESSAGE_KINDS.map((k) => ({ key: k, value: MESSAGE_KIND_LABELS[k] })) },
  { name: 'read', type: 'select', label: '阅读状态', options: [{ key: 'unread', value: '未读' }, { key: 'read', value: '已读' }] },
];

/** Per kind, whether it also comes by e-mail. */
function PreferencesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const message = useMessage();
  const prefs = useQuery({ ...preferencesQuery, enabled: open });
  const save = useSavePreferences();
  const [chosen, setChosen] = useState<Partial<Record<MessageKind, boolean>>>({});
  const value = (kind: MessageKind) => chosen[kind] ?? prefs.data?.kinds.find((k) => k.kind === kind)?.email ?? false;
  const submit = async () => {
    try {
      await save.mutateAsync(MESSAGE_KINDS.map((kind) => ({ kind, email: value(kind) })));
      message.success('提醒设置已保存');
      setChosen({});
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  return (
    <Modal title="邮件提醒设置" open={open} onCancel={onClose} onOk={() => void submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending}>
      <Typography.Paragraph type="secondary">
        勾选的消息类型在站内送达的同时发送邮件至 {prefs.data?.email || '（未登记邮箱）'}。
        {prefs.data && !prefs.data.mailEnabled && ' 当前系统未开通邮件服务，仅站内提醒。'}
      </Typography.Paragraph>
      <Space direction="vertical">
        {MESSAGE_KINDS.map((kind) => (
          <Checkbox key={kind} checked={value(kind)} onChange={(e) => setChosen((c) => ({ ...c, [kind]: e.target.checked }))}>
            {MESSAGE_KIND_LABELS[kind]}
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}

/** 系统管理 › 消息中心 (`/system/messageCenter/index`): the seat's notifications, newest first. */
export function MessageCenterPage() {
  const message = useMessage();
  const navigate = useNavigate();
  const unread = useQuery(unreadMessagesQuery).data ?? 0;
  const markRead = useMarkMessagesRead();
  const [settings, setSettings] = useState(false);

  const open = async (row: Message) => {
    if (!row.readAt) await markRead.mutateAsync({ ids: [row.id] }).catch(() => undefined);
    if (row.link) void navigate(row.link);
  };

  const columns: TableColumnsType<Message> = [
    { title: '类型', dataIndex: 'kind', width: 100, render: (k: MessageKind) => <Tag color={KIND_COLORS[k]}>{MESSAGE_KIND_LABELS[k]}</Tag> },
    {
      title: '消息',
      dataIndex: 'title',
      render: (title: string, row) => (
        <div style={{ minWidth: 180 }}>
          <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => void open(row)}>
            {row.readAt ? title : <Badge status="error" text={<span className={styles.unread}>{title}</span>} />}
          </Button>
          {row.body && <div className={styles.body}>{row.body}</div>}
        </div>
      ),
    },
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => <RecentTime value={v} /> },
    // On a phone the red dot and the bold title say it.
    { title: '状态', dataIndex: 'readAt', width: 80, responsive: ['sm'], render: (v: string | null) => (v ? <Tag color="green">已读</Tag> : <Tag color="red">未读</Tag>) },
  ];

  const readAll = async () => {
    try {
      const { marked } = await markRead.mutateAsync({ all: true });
      message.success(`已将 ${marked} 条消息标为已读`);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Card title="消息中心" extra={<Button onClick={() => setSettings(true)}>提醒设置</Button>}>
      <DataTable<Message>
        ariaLabel="消息列表"
        queryKey={[...messagesKey, 'list']}
        fetchPage={fetchMessagePage}
        columns={columns}
        rowKey="id"
        queryFields={QUERY_FIELDS}
        rowActions={[
          { key: 'open', label: '查看', onClick: (row) => void open(row) },
          { key: 'read', label: '标为已读', visible: (row) => !row.readAt, onClick: (row) => void markRead.mutateAsync({ ids: [row.id] }).catch(() => undefined) },
        ]}
        toolbar={
          <Button disabled={unread === 0} loading={markRead.isPending} onClick={() => void readAll()}>
            全部标为已读{unread > 0 ? `（${unread}）` : ''}
          </Button>
        }
      />
      <PreferencesDialog open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}
