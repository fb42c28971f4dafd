import { useMutation } from '@tanstack/react-query';
import { formatDateTime } from '@portal/shared';
import { Form, Input, Modal, Space, Typography } from 'antd';
import { issueActivationCode } from './api';

/** 生成证书激活码: for a username, shown once; closing forgets it. */
export function ActivationCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ username: string }>();
  const code = useMutation({ mutationFn: (username: string) => issueActivationCode(username) });
  const close = () => {
    onClose();
    code.reset();
  };

  return (
    <Modal
      title="生成证书激活码"
      open={open}
      okText={code.data ? '完成' : '生成'}
      cancelText="取消"
      confirmLoading={code.isPending}
      destroyOnHidden
      onCancel={close}
      onOk={async () => {
        if (code.data) return close();
        const { username } = await form.validateFields();
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
        <Form form={form} name="certCode" layout="vertical" preserve={false}>
          <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input maxLength={64} placeholder="申请证书的登录用户名" autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
