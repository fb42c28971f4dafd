import { PASSWORD_MESSAGES } from '@portal/shared';
import { Form } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { sealPasswordChange, type PasswordChangeValues, type SealedPasswordChange } from './password-change-fields';
import { useMessage, type PortalMessage } from '../../lib/countdown-message';

/**
 * The confirm step of both password dialogs (spec §5): an invalid form says '验证不通过！'; the
 * three passwords are sealed over one server random and sent; a refusal says '修改密码失败！'
 * after the client's own message (a 401 hands over to the login instead); success says
 * `successMessage` and then `onDone` runs.
 */
export function usePasswordChange(options: {
  send: (sealed: SealedPasswordChange) => Promise<unknown>;
  successMessage: string;
  onDone: () => void | Promise<void>;
  /** Where its messages show, if not in the App around it (which may close with the dialog). */
  message?: PortalMessage;
}) {
  const [form] = Form.useForm<PasswordChangeValues>();
  const appMessage = useMessage();
  const message = options.message ?? appMessage;
  const [saving, setSaving] = useState(false);

  async function confirm() {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return message.error(PASSWORD_MESSAGES.invalidForm);
    setSaving(true);
    try {
      await options.send(await sealPasswordChange(form.getFieldsValue()));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status !== 401) message.error(PASSWORD_MESSAGES.changeFailed);
      return;
    } finally {
      setSaving(false);
    }
    message.success(options.successMessage);
    await options.onDone();
  }

  return { form, saving, confirm };
}
