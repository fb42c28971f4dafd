import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, partnersApi, type PartnerClient } from '@portal/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useMessage } from '../../lib/countdown-message';
import { enterprisesQuery, openApisQuery, partnersQuery, useAddPartner, useRevokePartner, useRotatePartner, useUpdatePartner } from './api/partners';

const addSchema = partnersApi.partnerAdd.request;

interface FormValues {
  clientName: string;
  enterpriseNo: string;
  apiCodes: string[];
}

/**
 * API网关管理 › 合作方管理 (issue 15): partner systems' client credentials. A secret is shown
 * once, in the answer that made it; the server keeps only its hash.
 */
export function PartnerManagementPage() {
  const { modal } = App.useApp();
  const message = useMessage();
  const [editing, setEditing] = useState<PartnerClient | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();

  const clients = useQuery(partnersQuery);
  const enterprises = useQuery({ ...enterprisesQuery, enabled: editing !== null });
  const openApis = useQuery({ ...openApisQuery, enabled: editing !== null });
  const add = useAddPartner();
  const update = useUpdatePartner();

  const showSecret = (title: string, clientId: string, clientSecret: string) =>
    modal.success({
      title,
      width: 560,
      okText: '我已记下',
      keyboard: false,
      content: (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: 'client_id', children: <Typography.Text code copyable={{ text: clientId }}>{clientId}</Typography.Text> },
              {
                key: 'secret',
                label: 'client_secret',
                children: (
                  <Typography.Text code copyable={{ text: clientSecret, tooltips: ['复制', '已复制'] }} data-client-secret>
                    {clientSecret}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="warning" style={{ marginTop: 12, marginBottom: 0 }}>
            密钥仅显示这一次，请通过安全渠道交给合作方；遗失后只能重置。
          </Typography.Paragraph>
        </>
      ),
    });

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      if (editing === 'new') {
        const created = await add.mutateAsync(values);
        showSecret('合作方已创建', created.clientId, created.clientSecret);
      } else if (editing) {
        await update.mutateAsync({ clientId: editing.clientId, clientName: values.clientName, apiCodes: values.apiCodes });
        message.success('修改成功');
      }
    },
    onSuccess: () => setEditing(null),
  });
  const rotate = useRotatePartner();
  const revoke = useRevokePartner();

  const startEdit = (target: PartnerClient | 'new') => {
    form.resetFields();
    if (target !== 'new') form.setFieldsValue({ clientName: target.clientName, enterpriseNo: target.enterpriseNo, apiCodes: target.apiCodes });
    setEditing(target);
  };

  return (
    <Card title="合作方管理" extra={<Button type="primary" onClick={() => startEdit('new')}>新增合作方</Button>}>
      <Typography.Paragraph type="secondary">
        合作方系统以 client_id 与 client_secret 调用 POST /auth/oauth/token 获取访问令牌，只能调用下列“可调用接口”中已在 API管理 开放给合作方的接口，数据范围为其所属企业。
      </Typography.Paragraph>
      <Table<PartnerClient>
        rowKey="clientId"
        loading={clients.isFetching}
        dataSource={clients.data ?? []}
        locale={{ emptyText: '暂无合作方' }}
        pagination={false}
        // Like DataTable: columns keep their labels on one line and a phone scrolls the table, not the page.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '合作方名称', dataIndex: 'clientName' },
          { title: 'client_id', dataIndex: 'clientId', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: '所属企业', dataIndex: 'enterpriseName' },
          { title: '可调用接口', dataIndex: 'apiCodes', render: (codes: string[]) => (codes.length ? codes.map((c) => <Tag key={c}>{c}</Tag>) : '暂无') },
          { title: '状态', dataIndex: 'status', render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>) },
          { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'action',
            render: (_, row) =>
              row.status === 1 && (
                <Space size={0}>
                  <Button type="link" onClick={() => startEdit(row)}>
                    修改
                  </Button>
                  <Button
                    type="link"
                    onClick={() =>
                      modal.confirm({
                        title: '重置密钥',
                        content: `重置后“${row.clientName}”的旧密钥及其已获取的令牌立即失效。确定重置吗？`,
                        okText: '重置',
                        cancelText: '取消',
                        onOk: () => rotate.mutateAsync(row.clientId, { onSuccess: (answer) => showSecret('密钥已重置', answer.clientId, answer.clientSecret) }),
                      })
                    }
                  >
                    重置密钥
                  </Button>
                  <Button
                    type="link"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: '停用合作方',
                        content: `停用后“${row.clientName}”不能再获取令牌，已获取的令牌立即失效，且不可恢复。确定停用吗？`,
                        okText: '停用',
                        okButtonProps: { danger: true },
                        cancelText: '取消',
                        onOk: () => revoke.mutateAsync(row.clientId, { onSuccess: () => message.success('已停用') }),
                      })
                    }
                  >
                    停用
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? '新增合作方' : '修改合作方'}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((values) => save.mutate(values))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="clientName" label="合作方名称" rules={[schemaRule(addSchema.shape.clientName)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="enterpriseNo" label="所属企业" rules={[schemaRule(addSchema.shape.enterpriseNo)]}>
            <Select
              disabled={editing !== 'new'}
              showSearch={{ optionFilterProp: 'label' }}
              loading={enterprises.isFetching}
              options={(enterprises.data ?? []).filter((e) => e.enterpriseType !== 'bank').map((e) => ({ value: e.enterpriseNo, label: `${e.enterpriseName}（${e.enterpriseNo}）` }))}
            />
          </Form.Item>
          <Form.Item name="apiCodes" label="可调用接口（已开放给合作方的接口）" initialValue={[]} rules={[schemaRule(addSchema.shape.apiCodes)]}>
            <Select
              mode="multiple"
              loading={openApis.isFetching}
              notFoundContent="暂无开放给合作方的接口，请先在 API管理 中开放"
              options={(openApis.data ?? []).map((a) => ({ value: a.apiCode, label: `${a.apiName}（${a.apiCode}）` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
