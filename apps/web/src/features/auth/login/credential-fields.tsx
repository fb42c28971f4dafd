import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { CAPTCHA_LENGTH, LOGIN_MESSAGES, LOGIN_PASSWORD_MIN } from '@portal/shared';
import { Form, Input } from 'antd';
import { PasswordControl, entryRules } from '../../../components/password-control';
import styles from './login-page.module.css';
import type { useCaptcha } from './use-captcha';

interface Props {
  /** The password field's label: 密码 on the signed edition, 登录密码 beside the certificate's PIN. */
  passwordLabel: string;
  /** Changing it remounts the password control, which clears what it holds. */
  controlKey: number;
  captcha: ReturnType<typeof useCaptcha>;
  onSubmit: () => void;
}

/** The password and the captcha with its picture: the same on both login editions (spec §5 messages). */
export function CredentialFields({ passwordLabel, controlKey, captcha, onSubmit }: Props) {
  return (
    <>
      <Form.Item
        label={passwordLabel}
        name="password"
        validateFirst
        rules={[entryRules.required(LOGIN_MESSAGES.passwordRequired), entryRules.minLength(LOGIN_PASSWORD_MIN, LOGIN_MESSAGES.passwordMin), entryRules.valid()]}
      >
        <PasswordControl key={controlKey} rules="login" placeholder={`请输入${passwordLabel}`} prefix={<LockOutlined />} />
      </Form.Item>
      <Form.Item label="图形验证码">
        <div className={styles.captchaRow}>
          <Form.Item
            name="captcha"
            noStyle
            validateFirst
            rules={[
              { required: true, message: LOGIN_MESSAGES.captchaRequired },
              { len: CAPTCHA_LENGTH, message: LOGIN_MESSAGES.captchaLength },
            ]}
          >
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" maxLength={CAPTCHA_LENGTH} autoComplete="off" onPressEnter={onSubmit} />
          </Form.Item>
          <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击刷新" aria-label="图形验证码，点击刷新">
            {captcha.captcha && !captcha.failed ? <img src={captcha.captcha.src} alt="图形验证码" /> : <span>{captcha.loading ? '加载中…' : '点击重试'}</span>}
          </button>
        </div>
      </Form.Item>
    </>
  );
}
