import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MESSAGES } from '@portal/shared';
import { Button, Card, Form } from 'antd';
import { PasswordChangeFields, usePasswordChange } from '../../../components/password-control';
import { currentUserQuery } from '../../../lib/session';
import { changePassword } from '../api/password';

/**
 * Spec §2 route `passwordModification`: the change of one's own password as a page of the
 * console, for a link or a bookmark; the same form, rules and call as the top bar's dialog.
 */
export function PasswordModificationPage() {
  const { data: user } = useQuery(currentUserQuery);
  const { form, saving, confirm } = usePasswordChange({
    send: ({ confirmPassword, ...sealed }) => changePassword({ username: user!.userName, ...sealed, newPasswordConfirm: confirmPassword }),
    successMessage: PASSWORD_MESSAGES.changed,
    onDone: () => form.resetFields(),
  });

  if (!user) return null;
  return (
    <Card title="修改密码">
      <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 420 }}>
        <PasswordChangeFields newRequired={PASSWORD_MESSAGES.newRequired} confirmRequired={PASSWORD_MESSAGES.confirmNewRequired} />
        <Button type="primary" loading={saving} onClick={() => void confirm()}>
          确认
        </Button>
      </Form>
    </Card>
  );
}
