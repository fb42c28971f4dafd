import { useQuery } from '@tanstack/react-query';
import type { PartnerClient } from '@portal/shared';
import { Button, Card, Form, Table, Typography } from 'antd';
import { useState } from 'react';
import { partnersQuery } from './api/partners';
import { partnerColumns } from './partner-columns';
import { PartnerDialog, type PartnerFormValues } from './partner-dialog';
import { usePartnerActions } from './use-partner-actions';

/**
 * API网关管理 › 合作方管理 (issue 15): partner systems' client credentials. A secret is shown
 * once, in the answer that made it; the server keeps only its hash.
 */
export function PartnerManagementPage() {
  const [editing, setEditing] = useState<PartnerClient | 'new' | null>(null);
  const [form] = Form.useForm<PartnerFormValues>();
  const clients = useQuery(partnersQuery);
  const { confirmRotate, confirmRevoke } = usePartnerActions();

  const startEdit = (target: PartnerClient | 'new') => {
    form.resetFields();
    if (target !== 'new') form.setFieldsValue({ clientName: target.clientName, enterpriseNo: target.enterpriseNo, apiCodes: target.apiCodes, userNo: target.userNo });
    setEditing(target);
  };

  return (
    <Card title="合作方管理" extra={<Button type="primary" onClick={() => startEdit('new')}>新增合作方</Button>}>
      <Typography.Paragraph type="secondary">
        合作方系统以 client_id 与 client_secret 调用 POST /auth/oauth/token 获取访问令牌，只能调用下列“可调用接口”中已在 API管理 开放给合作方的接口，以其代理用户号的权限与账户权限为限，数据范围为其所属企业。
      </Typography.Paragraph>
      <Table<PartnerClient>
        rowKey="clientId"
        loading={clients.isFetching}
        dataSource={clients.data ?? []}
        locale={{ emptyText: '暂无合作方' }}
        pagination={false}
        // Like DataTable: columns keep their labels on one line and a phone scrolls the table, not the page.
        scroll={{ x: 'max-content' }}
        columns={partnerColumns({ onEdit: startEdit, onRotate: confirmRotate, onRevoke: confirmRevoke })}
      />
      <PartnerDialog editing={editing} form={form} onClose={() => setEditing(null)} />
    </Card>
  );
}
