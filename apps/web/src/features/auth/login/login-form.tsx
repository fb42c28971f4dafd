import { UserOutlined } from '@ant-design/icons';
import { LOGIN_MESSAGES } from '@portal/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PasswordEntry } from '../../../components/password-control';
import { ApiError } from '../../../lib/api-error';
import { setToken } from '../../../lib/session-token';
import { reloadAt } from '../../../lib/app-location';
import { buildLoginRequest, postLogin } from '../api/login';
import { changeTicketOf } from './change-ticket';
import { CredentialFields } from './credential-fields';
import { ForcePasswordDialog } from './force-password-dialog';
import styles from './login-page.module.css';
import { redirectTarget } from './redirect-target';
import { useCaptcha } from './use-captcha';
import { useMessage } from '../../../lib/countdown-message';

interface LoginFormValues {
  username?: string;
  password?: PasswordEntry;
  captcha?: string;
}

/** The signed edition's login form of spec §2 "Login screen" with the spec §5 messages (the certificate edition's is CertLoginForm). */
export function LoginForm() {
  const [form] = Form.useForm<LoginFormValues>();
  const message = useMessage();
  const captchaState = useCaptcha();
  const { captcha, spend: spendCaptcha } = captchaState;
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [mustChange, setMustChange] = useState<{ username: string; reason: string; changeTicket: string }>();
  // A new key mounts a fresh password control (the old one wipes itself).
  const [controlKey, setControlKey] = useState(0);
  // After 切换用户 the console sends the user here with the target seat, its enterprise and the username.
  const switchedTo = searchParams.get('userNo') ? searchParams.get('enterprise') : null;

  async function submit() {
    if (submitting) return;
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const { username = '', password, captcha: answer = '' } = form.getFieldsValue();
    if (!username.trim()) return message.warning(LOGIN_MESSAGES.usernameOnSubmit);
    // Spec §5: no encrypted value, no login, and nothing more to say.
    if (!password?.length) return;
    if (!answer) return message.warning(LOGIN_MESSAGES.captchaOnSubmit);
    if (!valid || !captcha) return;

    setSubmitting(true);
    try {
      const userNo = searchParams.get('userNo') ?? undefined;
      const channel = searchParams.get('channel') === 'mobile' ? 'mobile' : undefined;
      const request = await buildLoginRequest({ username: username.trim(), password, captcha: answer, lastRev: captcha.rev, userNo, channel });
      const token = await postLogin(request).catch((err: unknown) => {
        // Every attempt spends the captcha, right or wrong.
        form.setFieldValue('captcha', undefined);
        spendCaptcha();
        if (!(err instanceof ApiError)) throw err;
        // 040007 carries the single-use ticket the forced change must present.
        const changeTicket = changeTicketOf(err);
        if (changeTicket) setMustChange({ username: request.username, reason: err.message, changeTicket });
        else message.error(err.message);
        return null;
      });
      if (!token) return;
      setToken(token);
      // Spec §4: the target (or home), then a reload so the app starts over as this user.
      reloadAt(redirectTarget(searchParams.get('redirect')));
    } catch (err) {
      // Building the request failed (the client has shown why, e.g. no server random).
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setSubmitting(false);
    }
  }

  function afterForcedChange() {
    setMustChange(undefined);
    form.resetFields(['password', 'captcha']);
    setControlKey((k) => k + 1);
  }

  return (
    <>
      {switchedTo && <Alert type="info" showIcon title={`请重新登录以进入：${switchedTo}`} className={styles.notice} />}
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        className={styles.form}
        initialValues={{ username: searchParams.get('username') ?? undefined }}
      >
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: LOGIN_MESSAGES.usernameRequired }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="请输入用户名"
            maxLength={64}
            autoComplete="username"
          />
        </Form.Item>
        <CredentialFields passwordLabel="密码" controlKey={controlKey} captcha={captchaState} onSubmit={() => void submit()} />
        <Button type="primary" block loading={submitting} onClick={() => void submit()}>
          登录
        </Button>
      </Form>
      {mustChange && (
        <ForcePasswordDialog
          username={mustChange.username}
          reason={mustChange.reason}
          changeTicket={mustChange.changeTicket}
          onCancel={() => setMustChange(undefined)}
          onChanged={afterForcedChange}
        />
      )}
    </>
  );
}
