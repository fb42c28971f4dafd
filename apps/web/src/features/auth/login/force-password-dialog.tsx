import { PASSWORD_MESSAGES } from '@portal/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { PasswordChangeFields, usePasswordChange } from '../../../components/password-control';
import { lazyMessage } from '../../../components/lazy-feedback';
import { UiProviders } from '../../../components/ui-providers';
import { ApiError } from '../../../lib/api-error';
import { forcePasswordUpdate, logout } from '../api/login';
import { ticketGone } from './change-ticket';

interface ForcePasswordDialogProps {
  username: string;
  /** The server's words for why (first login or an expired password). */
  reason: string;
  /** The single-use ticket of the 040007 answer, which the change must present. */
  changeTicket: string;
  onCancel: () => void;
  /** After the change and the logout: the user logs in again with the new password. */
  onChanged: () => void;
}

/**
 * Spec §4 "Login failure" 040007: the forced password change, username prefilled, with the
 * change ticket of that answer. Mounted only while open, so its password controls are wiped
 * when it closes.
 */
export function ForcePasswordDialog(props: ForcePasswordDialogProps) {
  // The login page is drawn without antd: the dialog brings antd's theme and App with it.
  return (
    <UiProviders>
      <ForcedChange {...props} />
    </UiProviders>
  );
}

function ForcedChange({ username, reason, changeTicket, onCancel, onChanged }: ForcePasswordDialogProps) {
  const { form, saving, confirm } = usePasswordChange({
    send: (sealed) =>
      forcePasswordUpdate({ username, changeTicket, ...sealed }).catch((err: unknown) => {
        // The ticket is spent (wrong old password, lock, expiry): log in again for a new one.
        if (err instanceof ApiError && ticketGone(err.code)) onCancel();
        throw err;
      }),
    successMessage: PASSWORD_MESSAGES.changedAfterForce,
    // The login page's messages outlive the dialog (its antd App goes when it closes).
    message: lazyMessage,
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
