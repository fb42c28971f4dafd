import { UserOutlined } from '@ant-design/icons';
import { LOGIN_MESSAGES } from '@portal/shared';
import { Alert, Button, Form, Input } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { PasswordEntry } from '../../../components/password-control';
import { ApiError } from '../../../lib/api-error';
import { setToken } from '../../../lib/session-token';
import { reloadAt } from '../../../lib/app-location';
import { buildLoginRequest, postLogin } from '../api/login';
import { CredentialFields } from './credential-fields';
import { ForcePasswordDialog } from './on-demand';
import styles from './login-page.module.css';
import { redirectTarget } from './redirect-target';
import { useLoginAttempt } from './use-login-attempt';
import { useMessage } from '../../../lib/countdown-message';

const SECRET_FIELDS = ['password', 'captcha'];

interface LoginFormValues {
  username?: string;
  password?: PasswordEntry;
  captcha?: string;
}

/** The signed edition's login form of spec §2 "Login screen" with the spec §5 messages (the certificate edition's is CertLoginForm). */
export function LoginForm() {
  const [form] = Form.useForm<LoginFormValues>();
  const message = useMessage();
  const attempt = useLoginAttempt(form, SECRET_FIELDS);
  const { submitting, setSubmitting, mustChange } = attempt;
  const [searchParams] = useSearchParams();
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
    const { captcha } = attempt.captcha;
    if (!valid || !captcha) return;

    setSubmitting(true);
    try {
      const userNo = searchParams.get('userNo') ?? undefined;
      const channel = searchParams.get('channel') === 'mobile' ? 'mobile' : undefined;
      const request = await buildLoginRequest({ username: username.trim(), password, captcha: answer, lastRev: captcha.rev, userNo, channel });
      const token = await postLogin(request).catch(attempt.refused(request.username));
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
    attempt.closeForcedChange();
    attempt.resetSecrets();
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
        <CredentialFields passwordLabel="密码" controlKey={attempt.controlKey} captcha={attempt.captcha} onSubmit={() => void submit()} />
        <Button type="primary" block loading={submitting} onClick={() => void submit()}>
          登录
        </Button>
      </Form>
      <Suspense fallback={null}>
        {mustChange && (
          <ForcePasswordDialog
            username={mustChange.username}
            reason={mustChange.reason}
            changeTicket={mustChange.changeTicket}
            onCancel={attempt.closeForcedChange}
            onChanged={afterForcedChange}
          />
        )}
      </Suspense>
    </>
  );
}
