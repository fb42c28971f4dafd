import { CODE_TABLES, formatDateTime, noticesApi, type CustomerNotice } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { RecentTime } from '../../../lib/recent-time';
import { schemaRule } from '../../../lib/schema-rule';
import { fetchCustomerPage, noticesKey, unreadQuery, useMarkRead } from '../api/notices';
import { LevelTag } from '../notice-parts';
import { linkedNoticeId } from './linked-notice';
import { NoticeReaderModal } from './notice-reader-modal';
import styles from '../notices.module.css';
import { useMessage } from '../../../lib/countdown-message';

const options = (table: Readonly<Record<string, string>>) => Object.entries(table).map(([key, value]) => ({ key, value }));

const QUERY_FIELDS: FormField[] = [
  { name: 'title', type: 'text', label: '标题', rules: [schemaRule(noticesApi.customerQuerySchema.shape.title)] },
  { name: 'level', type: 'select', label: '级别', options: options(CODE_TABLES.riskLevel) },
  { name: 'read', type: 'select', label: '阅读状态', options: [{ key: 'unread', value: '未读' }, { key: 'read', value: '已读' }] },
];

/** 增值服务 › 风险提示 (`/addedServices/riskManagement/index`): the bank's notices to this enterprise, unread first in mind. */
export function RiskNoticePage() {
  const message = useMessage();
  const [params, setParams] = useSearchParams();
  // Opened from 消息中心: the named notice opens at once, and reading it marks the notification read.
  const [openId, setOpenId] = useState<number | null>(() => linkedNoticeId(params));
  const unread = useQuery(unreadQuery).data ?? 0;
  const markRead = useMarkRead();

  const columns: TableColumnsType<CustomerNotice> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, row) => (
        <Button type="link" style={{ padding: 0, height: 'auto', maxWidth: 220, whiteSpace: 'normal', textAlign: 'left' }} onClick={() => setOpenId(row.id)}>
          {row.unread ? <Badge status="error" text={<span className={styles.unreadTitle}>{title}</span>} /> : title}
        </Button>
      ),
    },
    { title: '级别', dataIndex: 'level', width: 90, render: (level: string) => <LevelTag level={level} /> },
    { title: '发布时间', dataIndex: 'publishedAt', width: 160, render: (v: string) => <RecentTime value={v} /> },
    { title: '有效期至', dataIndex: 'expireAt', width: 190, render: (v: string, row) => <>{formatDateTime(v)} {row.expired && <Tag>已过期</Tag>}</> },
    // The server's own 未读 (no receipt, not expired), the one the bell counts; an expired notice nobody read no longer asks to be.
    { title: '阅读状态', dataIndex: 'readAt', width: 110, render: (v: string | null, row) => (row.unread ? <Tag color="red">未读</Tag> : v ? <Tag color="green">已读</Tag> : <Tag>已过期</Tag>) },
  ];

  const readAll = async () => {
    try {
      const { marked } = await markRead.mutateAsync({ all: true });
      message.success(`已将 ${marked} 条风险提示标为已读`);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Card title="风险提示">
      <DataTable<CustomerNotice>
        ariaLabel="风险提示列表"
        queryKey={[...noticesKey, 'list']}
        fetchPage={fetchCustomerPage}
        columns={columns}
        rowKey="id"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={[{ key: 'read', label: '查看', onClick: (row) => setOpenId(row.id) }]}
        toolbar={
          <Button disabled={unread === 0} loading={markRead.isPending} onClick={() => void readAll()}>
            全部标为已读{unread > 0 ? `（${unread}）` : ''}
          </Button>
        }
      />
      <NoticeReaderModal
        id={openId}
        onClose={() => {
          setOpenId(null);
          if (params.has('notice')) setParams({}, { replace: true });
        }}
      />
    </Card>
  );
}
