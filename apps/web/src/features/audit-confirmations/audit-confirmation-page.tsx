import { auditConfirmationsApi as api, formatDateTime } from '@portal/shared';
import { Button, Card, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ClippedText, DataTable, WIDE_SCREENS } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { confirmationsKey, downloadConfirmation, fetchConfirmationPage, useRevokeConfirmation } from './api/audit-confirmations';
import { IssueDialog } from './issue-dialog';

const STATUS_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

/**
 * 估值与对账 › 询证函 (`/valuation/auditConfirmation/index`): the confirmations the enterprise
 * issued to auditors, with their links' state; issue, download and revoke.
 */
export function AuditConfirmationPage() {
  const [issuing, setIssuing] = useState(false);
  const revoke = useRevokeConfirmation();
  const message = useMessage();
  return (
    <Card title="询证函">
      <DataTable<api.ConfirmationRecord>
        ariaLabel="询证函列表"
        queryKey={[...confirmationsKey, 'list']}
        fetchPage={fetchConfirmationPage}
        rowKey="id"
        toolbar={
          <Button type="primary" onClick={() => setIssuing(true)}>
            出具询证函
          </Button>
        }
        columns={[
          { key: 'no', title: '询证函编号', dataIndex: 'confirmationNo' },
          { key: 'status', title: '状态', render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{api.CONFIRMATION_STATUS[r.status]}</Tag> },
          { key: 'auditor', title: '审计师', render: (_, r) => <ClippedText text={`${r.auditorName}（${r.auditorFirm}）`} width={240} /> },
          { key: 'date', title: '余额日期', render: (_, r) => <Typography.Text title={`流水期间：${r.periodStart} 至 ${r.balanceDate}`}>{r.balanceDate}</Typography.Text>, responsive: ['lg'] },
          { key: 'accounts', title: '账户数', render: (_, r) => r.accountNos.length, responsive: WIDE_SCREENS },
          { key: 'expires', title: '有效期至', render: (_, r) => formatDateTime(r.expiresAt), responsive: ['md'] },
          {
            key: 'opens',
            title: '打开次数',
            render: (_, r) => (r.lastOpenedAt ? <Typography.Text title={`最近：${formatDateTime(r.lastOpenedAt)}`}>{r.openCount}</Typography.Text> : r.openCount),
            responsive: WIDE_SCREENS,
          },
        ]}
        rowActions={[
          { key: 'download', label: '下载', onClick: (r) => void downloadConfirmation(r).catch(() => undefined) },
          {
            key: 'revoke',
            label: '撤销',
            danger: true,
            visible: (r) => r.status === 'active',
            confirm: (r) => `撤销后审计师将无法再打开询证函 ${r.confirmationNo}，确定撤销吗？`,
            onClick: async (r) => {
              try {
                await revoke.mutateAsync(r.id);
                message.success(`已撤销询证函 ${r.confirmationNo}`);
              } catch {
                // The HTTP client has shown the refusal.
              }
            },
          },
        ]}
      />
      <IssueDialog open={issuing} onClose={() => setIssuing(false)} />
    </Card>
  );
}
