import { PASSWORD_MESSAGES } from '@portal/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { PasswordChangeFields, usePasswordChange } from '../../components/password-control';
import { forcePasswordUpdate, logout } from './api';

interface ForcePasswordDialogProps {
  username: string;
  /** The server's words for why (first login or an expired password). */
  reason: string;
  onCancel: () => void;
  /** After the change and the logout: the user logs in again with the new password. */
  onChanged: () => void;
}

/**
 * Spec §4 "Login failure" 040007: the forced password change, username prefilled. Mounted only
 * while open, so its password controls are wiped when it closes.
 */
export function ForcePasswordDialog({ username, reason, onCancel, onChanged }: ForcePasswordDialogProps) {
  const { form, saving, confirm } = usePasswordChange({
    send: (sealed) => forcePasswordUpdate({ username, ...sealed }),
    successMessage: PASSWORD_MESSAGES.changedAfterForce,
    onDone: async () => {
      await logout();
      onChanged();
    },
  });

  return (
    <Modal
      open
      title="修改密码"
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onCancel}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={reason} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label="用户名">
          <Input value={username} disabled />
        </Form.Item>
        <PasswordChangeFields newRequired={PASSWORD_MESSAGES.required} confirmRequired={PASSWORD_MESSAGES.confirmRequired} />
      </Form>
    </Modal>
  );
}
