import { PASSWORD_MESSAGES, type ForcePasswordUpdate } from '@portal/shared';
import { Form } from 'antd';
import { entryRules } from './entry-rules';
import { PasswordControl } from './password-control';
import type { PasswordEntry } from './password-entry';
import { fetchServerRandom } from './server-random';

export interface PasswordChangeValues {
  oldPassword?: PasswordEntry;
  newPassword?: PasswordEntry;
  confirmPassword?: PasswordEntry;
}

interface PasswordChangeFieldsProps {
  /** Spec §5: the forced change says '请输入密码' / '密码不可以为空！', the dialog '请输入新密码！' / '请输入确认密码！'. */
  newRequired: string;
  confirmRequired: string;
}

/** Old, new and confirm password controls with the spec §5 new-password rules. */
export function PasswordChangeFields({ newRequired, confirmRequired }: PasswordChangeFieldsProps) {
  return (
    <>
      <Form.Item
        label="原密码"
        name="oldPassword"
        validateFirst
        rules={[entryRules.required(PASSWORD_MESSAGES.oldRequired), entryRules.valid()]}
      >
        <PasswordControl placeholder="请输入原密码" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        extra="8到12位，须同时包含字母和数字"
        validateFirst
        rules={[entryRules.required(newRequired), entryRules.valid()]}
      >
        <PasswordControl rules="new" placeholder="请输入新密码" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['newPassword']}
        validateFirst
        rules={[entryRules.required(confirmRequired), entryRules.sameAs('newPassword', PASSWORD_MESSAGES.mismatch)]}
      >
        <PasswordControl rules="new" placeholder="请再次输入新密码" />
      </Form.Item>
    </>
  );
}

export type SealedPasswordChange = Omit<ForcePasswordUpdate, 'username' | 'changeTicket'>;

/** Spec §3: the three passwords sealed over one server random, each with its own client random. */
export async function sealPasswordChange({ oldPassword, newPassword, confirmPassword }: PasswordChangeValues): Promise<SealedPasswordChange> {
  if (!oldPassword || !newPassword || !confirmPassword) throw new Error('password change form not validated');
  const random = await fetchServerRandom();
  const [o, n, c] = await Promise.all([oldPassword.seal(random), newPassword.seal(random), confirmPassword.seal(random)]);
  return {
    oldPassword: o.zctgPassword,
    newPassword: n.zctgPassword,
    confirmPassword: c.zctgPassword,
    base64ServerRandom: random,
    oldClientRandom: o.randomClient,
    newClientRandom: n.randomClient,
    confirmClientRandom: c.randomClient,
  };
}
