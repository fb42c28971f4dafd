import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { LOGIN_MESSAGES } from '@portal/shared';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { lazyMessage, loadFeedback } from '../../../components/lazy-feedback';
import { ApiError } from '../../../lib/api-error';
import { reloadAt } from '../../../lib/app-location';
import { setToken } from '../../../lib/session-token';
import { buildLoginRequest, postLogin } from '../api/login';
import { CredentialFields, credentialRules, type CredentialValues } from './credential-fields';
import { FormItem, Notice, SubmitButton, TextField } from './fields';
import { ForcePasswordDialog } from './on-demand';
import { redirectTarget } from './redirect-target';
import { useFields } from './use-fields';
import { useLoginAttempt } from './use-login-attempt';

interface LoginFormValues extends CredentialValues {
  username?: string;
}

const rules = {
  username: (value: unknown) => ((value as string | undefined)?.trim() ? null : LOGIN_MESSAGES.usernameRequired),
  ...credentialRules,
};

/** The signed edition's login form of spec §2 "Login screen" with the spec §5 messages (the certificate edition's is CertLoginForm). */
export function LoginForm() {
  const [searchParams] = useSearchParams();
  const fields = useFields<LoginFormValues>(rules, { username: searchParams.get('username') ?? undefined });
  const attempt = useLoginAttempt(fields, ['password', 'captcha']);
  const { submitting, setSubmitting, mustChange } = attempt;
  // After 切换用户 the console sends the user here with the target seat, its enterprise and the username.
  const switchedTo = searchParams.get('userNo') ? searchParams.get('enterprise') : null;

  async function submit() {
    if (submitting) return;
    const valid = fields.validate();
    const { username = '', password, captcha: answer = '' } = fields.latest();
    if (!username.trim()) return lazyMessage.warning(LOGIN_MESSAGES.usernameOnSubmit);
    // Spec §5: no encrypted value, no login, and nothing more to say.
    if (!password?.length) return;
    if (!answer) return lazyMessage.warning(LOGIN_MESSAGES.captchaOnSubmit);
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

  return (
    // Whoever starts filling the form may soon need a message: antd's comes while they type.
    <form className="ls-form" noValidate onFocus={() => void loadFeedback()} onSubmit={(event) => event.preventDefault()}>
      {switchedTo && <Notice type="info">{`请重新登录以进入：${switchedTo}`}</Notice>}
      <FormItem label="用户名" htmlFor="username" error={fields.errors.username}>
        <TextField
          id="username"
          icon={UserOutlined}
          placeholder="请输入用户名"
          maxLength={64}
          autoComplete="username"
          value={fields.values.username ?? ''}
          invalid={Boolean(fields.errors.username)}
          onValue={(value) => fields.set('username', value)}
        />
      </FormItem>
      <CredentialFields fields={fields} passwordLabel="密码" controlKey={attempt.controlKey} captcha={attempt.captcha} onSubmit={() => void submit()} />
      <SubmitButton busy={submitting} onClick={() => void submit()}>
        登 录
      </SubmitButton>
      <Suspense fallback={null}>
        {mustChange && (
          <ForcePasswordDialog
            username={mustChange.username}
            reason={mustChange.reason}
            changeTicket={mustChange.changeTicket}
            onCancel={attempt.closeForcedChange}
            onChanged={() => {
              attempt.closeForcedChange();
              attempt.resetSecrets();
            }}
          />
        )}
      </Suspense>
    </form>
  );
}
