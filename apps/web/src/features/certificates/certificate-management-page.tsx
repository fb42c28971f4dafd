import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CERT_STATUS_LABELS, CERT_STATUSES, formatDateTime, type CertificateRecord, type CertificateStatus } from '@portal/shared';
import { App, Button, Card, Form, Input, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS, type FetchPage, type RowAction } from '../../components/data-table';
import type { FormField } from '../../components/form-builder';
import {
  certificatesKey,
  freezeCertificate,
  issueActivationCode,
  listCertificates,
  renewCertificate,
  restorePasswordLogin,
  revokeCertificate,
  unfreezeCertificate,
} from './api';
import { useMessage } from '../../lib/countdown-message';

const STATUS_COLORS: Record<CertificateStatus, string> = { active: 'green', frozen: 'orange', revoked: 'default' };

/** The list's criteria (spec §3 certificate query). */
const QUERY_FIELDS: readonly FormField[] = [
  { name: 'username', type: 'text', label: '用户名', maxLength: 64 },
  { name: 'serial', type: 'text', label: '序列号', maxLength: 32 },
  { name: 'status', type: 'select', label: '状态', options: CERT_STATUSES.map((s) => ({ key: s, value: CERT_STATUS_LABELS[s] })) },
];

const fetchCertificates: FetchPage<CertificateRecord> = (params) => listCertificates(params as Parameters<typeof listCertificates>[0]);

const COLUMNS: TableColumnsType<CertificateRecord> = [
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

/** Bank staff (证书管理, issue 14): activation codes for enrolment, and each certificate's freeze, unfreeze, revoke and renewal. */
export function CertificateManagementPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [codeOpen, setCodeOpen] = useState(false);
  const [revoking, setRevoking] = useState<CertificateRecord>();
  const [codeForm] = Form.useForm<{ username: string }>();
  const [revokeForm] = Form.useForm<{ reason: string }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: certificatesKey });
  const change = useMutation({
    mutationFn: async ({ action, row, reason }: { action: 'freeze' | 'unfreeze' | 'revoke' | 'renew' | 'restore'; row: CertificateRecord; reason?: string }) => {
      if (action === 'freeze') return freezeCertificate(row.serial);
      if (action === 'unfreeze') return unfreezeCertificate(row.serial);
      if (action === 'renew') return renewCertificate(row.serial);
      if (action === 'restore') return restorePasswordLogin(row.serial);
      return revokeCertificate(row.serial, reason ?? '');
    },
    onSuccess: async (_data, { action }) => {
      message.success({ freeze: '证书已冻结', unfreeze: '证书已解冻', revoke: '证书已吊销', renew: '证书已更新', restore: '已恢复密码登录' }[action]);
      await refresh();
    },
  });
  const code = useMutation({ mutationFn: (username: string) => issueActivationCode(username) });

  // The confirmation's button names the action (冻结, not 确定): freezing a certificate locks a person out.
  const confirm = (action: 'freeze' | 'unfreeze' | 'renew' | 'restore', row: CertificateRecord) => {
    const label = { freeze: '冻结', unfreeze: '解冻', renew: '更新', restore: '恢复' }[action];
    const who = `用户 ${row.nickName}（${row.username}）`;
    modal.confirm({
      title: action === 'restore' ? '恢复密码登录' : `${label}证书`,
      content:
        action === 'restore'
          ? `恢复后${who}可凭密码在签名版登录，不再需要证书；重新申请证书后又须以证书登录。确定恢复吗？`
          : `确定${label}${who}的证书 ${row.serial} 吗？`,
      okText: label,
      cancelText: '取消',
      onOk: () => change.mutateAsync({ action, row }),
    });
  };
  const rowActions: RowAction<CertificateRecord>[] = [
    { key: 'freeze', label: '冻结', visible: (row) => row.status === 'active', onClick: (row) => confirm('freeze', row) },
    { key: 'unfreeze', label: '解冻', visible: (row) => row.status === 'frozen', onClick: (row) => confirm('unfreeze', row) },
    { key: 'renew', label: '更新', visible: (row) => row.status === 'active', onClick: (row) => confirm('renew', row) },
    { key: 'revoke', label: '吊销', danger: true, visible: (row) => row.status !== 'revoked', onClick: (row) => setRevoking(row) },
    // A login that held a certificate is certificate-only until staff say otherwise (pen test H2).
    {
      key: 'restore',
      label: '恢复密码登录',
      visible: (row) => row.status === 'revoked' && !row.renewedBy && !row.passwordRestoredAt,
      onClick: (row) => confirm('restore', row),
    },
  ];

  return (
    <Card title="证书管理">
      <DataTable<CertificateRecord>
        ariaLabel="证书列表"
        queryKey={certificatesKey}
        fetchPage={fetchCertificates}
        columns={COLUMNS}
        rowKey="serial"
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCodeOpen(true)}>
            生成激活码
          </Button>
        }
      />

      <Modal
        title="生成证书激活码"
        open={codeOpen}
        okText={code.data ? '完成' : '生成'}
        cancelText="取消"
        confirmLoading={code.isPending}
        destroyOnHidden
        onCancel={() => {
          setCodeOpen(false);
          code.reset();
        }}
        onOk={async () => {
          if (code.data) {
            setCodeOpen(false);
            code.reset();
            return;
          }
          const { username } = await codeForm.validateFields();
          await code.mutateAsync(username.trim()).catch(() => null);
        }}
      >
        {code.data ? (
          <Space orientation="vertical">
            <span>
              用户 <b>{code.data.username}</b> 的激活码（一次有效，{formatDateTime(code.data.expiresAt)} 前使用）：
            </span>
            <Typography.Title level={3} copyable data-testid="activation-code">
              {code.data.code}
            </Typography.Title>
            <Typography.Text type="secondary">请将激活码告知用户本人；用户在证书版登录页使用激活码下载证书。关闭后无法再次查看。</Typography.Text>
          </Space>
        ) : (
          <Form form={codeForm} name="certCode" layout="vertical" preserve={false}>
            <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input maxLength={64} placeholder="申请证书的登录用户名" autoFocus />
            </Form.Item>
          </Form>
        )}
      </Modal>

      <Modal
        title="吊销证书"
        open={Boolean(revoking)}
        okText="吊销"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        destroyOnHidden
        confirmLoading={change.isPending}
        onCancel={() => setRevoking(undefined)}
        onOk={async () => {
          const { reason } = await revokeForm.validateFields();
          await change.mutateAsync({ action: 'revoke', row: revoking!, reason: reason.trim() }).then(
            () => setRevoking(undefined),
            () => null,
          );
        }}
      >
        <p>
          吊销后该证书永久失效，用户需凭新的激活码重新下载证书；在恢复密码登录之前，该用户也不能凭密码登录。证书：{revoking?.serial}（{revoking?.username}）
        </p>
        <Form form={revokeForm} name="certRevoke" layout="vertical" preserve={false}>
          <Form.Item name="reason" label="吊销原因" rules={[{ required: true, whitespace: true, message: '请输入吊销原因' }, { max: 200, message: '吊销原因不能超过200个字符' }]}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
