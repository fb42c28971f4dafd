import { AUDIT_EVENTS, auditApi, auditEventLabel, auditReasonLabel, type AuditDetailItem, type AuditRecord } from '@portal/shared';
import { Card, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import type { FormField, FormValues } from '../../components/form-builder';
import { RecentTime } from '../../lib/recent-time';
import { schemaRule } from '../../lib/schema-rule';
import { downloadAudit, fetchAuditPage } from './api/audit-log';
import styles from './audit-log.module.css';

const QUERY_FIELDS: FormField[] = [
  { name: 'username', type: 'text', label: '登录名', rules: [schemaRule(auditApi.auditFilterFields.username)] },
  { name: 'event', type: 'select', label: '操作类型', options: Object.entries(AUDIT_EVENTS).map(([key, value]) => ({ key, value })) },
  { name: 'period', type: 'dateRange', label: '日期' },
  {
    name: 'outcome',
    type: 'select',
    label: '结果',
    options: [
      { key: 'success', value: '成功' },
      { key: 'failure', value: '失败' },
    ],
  },
];

const dash = (value: string | null) => value || '—';
/** Within the last hour the time reads 刚刚 / N分钟前; earlier ones in full. */
const HOUR_MS = 3_600_000;
/** A device is named by the browser and system it logged in with, and the start of its key's id. */
const SHORT_DEVICE = 8;

/** The labelled fields of an entry: a change as 旧 → 新, anything else as its value. */
function DetailList({ items }: { items: AuditDetailItem[] }) {
  if (items.length === 0) return '—';
  return (
    <div className={styles.details}>
      {items.map((item, i) => {
        const value = item.before !== undefined ? `${item.before} → ${item.value}` : item.value;
        return (
          <div key={i} className={styles.detail}>
            <span className={styles.detailLabel}>{item.label}：</span>
            <ClippedText text={value} width={220} />
          </div>
        );
      })}
    </div>
  );
}

function Device({ record }: { record: AuditRecord }) {
  if (!record.device) return '—';
  return (
    <span title={`设备标识 ${record.device}`}>
      <div>{record.deviceName ?? '签名设备'}</div>
      <Typography.Text type="secondary">{record.device.slice(0, SHORT_DEVICE)}</Typography.Text>
    </span>
  );
}

const COLUMNS: TableColumnsType<AuditRecord> = [
  { title: '时间', dataIndex: 'occurredAt', width: 150, render: (v: string) => <RecentTime value={v} window={HOUR_MS} /> },
  {
    title: '用户',
    key: 'who',
    width: 150,
    render: (_, r) => (
      <>
        <div>{dash(r.username)}</div>
        {r.userNo && <Typography.Text type="secondary">{r.userNo}</Typography.Text>}
      </>
    ),
  },
  {
    title: '企业',
    key: 'enterprise',
    width: 200,
    render: (_, r) => (r.enterpriseNo ? <ClippedText text={`${r.enterpriseName ?? ''}（${r.enterpriseNo}）`} width={184} /> : '—'),
  },
  { title: '操作', dataIndex: 'event', width: 140, render: (v: string) => auditEventLabel(v) },
  { title: '结果', dataIndex: 'outcome', width: 80, render: (v: string) => (v === 'success' ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
  { title: '原因', dataIndex: 'reason', width: 160, render: (v: string | null) => (v ? auditReasonLabel(v) : '—') },
  { title: '地址', dataIndex: 'clientIp', width: 130, render: dash },
  { title: '设备', key: 'device', width: 140, render: (_, r) => <Device record={r} /> },
  { title: '签名/证书', dataIndex: 'signature', width: 140, render: dash },
  {
    title: '详情（修改前后）',
    dataIndex: 'details',
    width: 340,
    render: (items: AuditDetailItem[]) => <DetailList items={items} />,
  },
];

/**
 * 系统管理 › 操作日志 (issue 16): who did what, when, from where and with what result. Bank
 * staff see every entry, an enterprise administrator its own enterprise's (the server decides).
 */
export function AuditLogPage() {
  const [criteria, setCriteria] = useState<FormValues>({});
  return (
    <Card title="操作日志">
      <DataTable<AuditRecord>
        ariaLabel="操作日志列表"
        queryKey={['audit']}
        fetchPage={fetchAuditPage}
        columns={COLUMNS}
        rowKey="auditId"
        showIndex
        queryFields={QUERY_FIELDS}
        onCriteriaChange={setCriteria}
        toolbar={
          <DownloadButton subject="操作日志" download={() => downloadAudit(criteria)}>
            导出
          </DownloadButton>
        }
      />
    </Card>
  );
}
