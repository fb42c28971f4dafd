import { AUDIT_EVENTS, auditApi, auditEventLabel, auditReasonLabel, formatDateTime, type AuditRecord } from '@portal/shared';
import { Card, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import type { FormField, FormValues } from '../../components/form-builder';
import { schemaRule } from '../../lib/schema-rule';
import { downloadAudit, fetchAuditPage } from './api/audit-log';

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

const COLUMNS: TableColumnsType<AuditRecord> = [
  { title: '时间', dataIndex: 'occurredAt', width: 170, render: (v: string) => formatDateTime(v) },
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
  { title: '操作', dataIndex: 'event', width: 130, render: (v: string) => auditEventLabel(v) },
  { title: '结果', dataIndex: 'outcome', width: 80, render: (v: string) => (v === 'success' ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
  { title: '原因', dataIndex: 'reason', width: 160, render: (v: string | null) => (v ? auditReasonLabel(v) : '—') },
  { title: '地址', dataIndex: 'clientIp', width: 130, render: dash },
  { title: '设备', dataIndex: 'device', width: 170, render: dash },
  { title: '签名/证书', dataIndex: 'signature', width: 140, render: dash },
  {
    title: '详情（修改前后）',
    dataIndex: 'detail',
    width: 320,
    render: (v: string) => (v ? <ClippedText code text={v} width={300} /> : '—'),
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
        queryKey={['audit-log']}
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
