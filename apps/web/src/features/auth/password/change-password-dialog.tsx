import { PASSWORD_MESSAGES } from '@portal/shared';
import { Form, Modal } from 'antd';
import { PasswordChangeFields, usePasswordChange } from '../../../components/password-control';
import { changePassword } from '../api/password';

interface ChangePasswordDialogProps {
  open: boolean;
  username: string;
  onChanged: () => void;
  /** Given when the user opened the dialog (top bar): a 取消 button closes it. Escape and the mask never do. */
  onCancel?: () => void;
}

/**
 * Spec §2 "Change-password dialog": old, new and confirm password and a confirm button; Escape,
 * the mask and a close button do not close it. A forced change closes only on success; one the
 * user chose from the top bar may also be cancelled with its button.
 */
export function ChangePasswordDialog({ open, username, onChanged, onCancel }: ChangePasswordDialogProps) {
  const { form, saving, confirm } = usePasswordChange({
    send: ({ confirmPassword, ...sealed }) => changePassword({ username, ...sealed, newPasswordConfirm: confirmPassword }),
    successMessage: PASSWORD_MESSAGES.changed,
    onDone: onChanged,
  });

  return (
    <Modal
      open={open}
      title="修改密码"
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={(_, { OkBtn, CancelBtn }) => (onCancel ? <><CancelBtn /><OkBtn /></> : <OkBtn />)}
      onCancel={onCancel}
      cancelText="取消"
      okText="确认"
      confirmLoading={saving}
      onOk={() => void confirm()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <PasswordChangeFields newRequired={PASSWORD_MESSAGES.newRequired} confirmRequired={PASSWORD_MESSAGES.confirmNewRequired} />
      </Form>
    </Modal>
  );
}
