import { CERT_STATUS_LABELS, CERT_STATUSES, formatDateTime, type CertificateRecord, type CertificateStatus } from '@portal/shared';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';

const STATUS_COLORS: Record<CertificateStatus, string> = { active: 'green', frozen: 'orange', revoked: 'default' };

/** The list's criteria (spec §3 certificate query). */
export const CERTIFICATE_QUERY_FIELDS: readonly FormField[] = [
  { name: 'username', type: 'text', label: '用户名', maxLength: 64 },
  { name: 'serial', type: 'text', label: '序列号', maxLength: 32 },
  { name: 'status', type: 'select', label: '状态', options: CERT_STATUSES.map((s) => ({ key: s, value: CERT_STATUS_LABELS[s] })) },
];

export const CERTIFICATE_COLUMNS: TableColumnsType<CertificateRecord> = [
  {
    title: '证书序列号',
    dataIndex: 'serial',
    render: (v: string) => (
      <Typography.Text code copyable ellipsis={{ tooltip: v }} style={{ maxWidth: 160 }}>
        {v}
      </Typography.Text>
    ),
  },
  { title: '主题', dataIndex: 'subject', render: (v: string) => <ClippedText text={v} width={160} /> },
  { title: '用户名', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'nickName' },
  { title: '生效时间', dataIndex: 'notBefore', responsive: WIDE_SCREENS, render: (v: string) => formatDateTime(v) },
  { title: '到期时间', dataIndex: 'notAfter', render: (v: string, row) => (row.expired ? <Tag color="red">已过期 {formatDateTime(v)}</Tag> : formatDateTime(v)) },
  {
    title: '状态',
    dataIndex: 'status',
    render: (v: CertificateStatus, row) => (
      <Space orientation="vertical" size={0}>
        <Tag color={STATUS_COLORS[v]}>{CERT_STATUS_LABELS[v]}</Tag>
        {row.renewedBy && <Typography.Text type="secondary">已更新为 {row.renewedBy.slice(0, 8)}…</Typography.Text>}
        {!row.renewedBy && row.revokeReason && <Typography.Text type="secondary">{row.revokeReason}</Typography.Text>}
      </Space>
    ),
  },
];
