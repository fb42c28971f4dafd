import type { CertificateRecord } from '@portal/shared';
import { Form, Input, Modal } from 'antd';
import { useCertificateChange } from './use-certificate-actions';

/** 吊销证书: with the reason the server records; the certificate is then gone for good. */
export function RevokeCertificateDialog({ certificate, onClose }: { certificate: CertificateRecord | undefined; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const change = useCertificateChange();
  return (
    <Modal
      title="吊销证书"
      open={Boolean(certificate)}
      okText="吊销"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      destroyOnHidden
      confirmLoading={change.isPending}
      onCancel={onClose}
      onOk={async () => {
        const { reason } = await form.validateFields();
        await change.mutateAsync({ action: 'revoke', row: certificate!, reason: reason.trim() }).then(onClose, () => null);
      }}
    >
      <p>
        吊销后该证书永久失效，用户需凭新的激活码重新下载证书；在恢复密码登录之前，该用户也不能凭密码登录。证书：{certificate?.serial}（{certificate?.username}）
      </p>
      <Form form={form} name="certRevoke" layout="vertical" preserve={false}>
        <Form.Item name="reason" label="吊销原因" rules={[{ required: true, whitespace: true, message: '请输入吊销原因' }, { max: 200, message: '吊销原因不能超过200个字符' }]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
