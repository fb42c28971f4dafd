import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { CAPTCHA_LENGTH, LOGIN_MESSAGES, LOGIN_PASSWORD_MIN } from '@portal/shared';
import type { PasswordEntry } from '../../../components/password-control/password-entry';
import { FormItem, TextField } from './fields';
import { PasswordField } from './password-field';
import type { useCaptcha } from './use-captcha';
import type { FieldRule, Fields } from './use-fields';

/** What both editions ask after their own fields. */
export interface CredentialValues {
  password?: PasswordEntry;
  captcha?: string;
}

/** Spec §5: one message at a time per field; a refused keystroke is explained first. */
export const credentialRules: { password: FieldRule<CredentialValues>; captcha: FieldRule<CredentialValues> } = {
  password: (value) => {
    const entry = value as PasswordEntry | undefined;
    if (entry?.refusal) return entry.refusal;
    if (!entry?.length) return LOGIN_MESSAGES.passwordRequired;
    if (entry.length < LOGIN_PASSWORD_MIN) return LOGIN_MESSAGES.passwordMin;
    return entry.problem;
  },
  captcha: (value) => {
    if (!value) return LOGIN_MESSAGES.captchaRequired;
    return (value as string).length === CAPTCHA_LENGTH ? null : LOGIN_MESSAGES.captchaLength;
  },
};

interface Props {
  fields: Fields<CredentialValues>;
  /** The password field's label: 密码 on the signed edition, 登录密码 beside the certificate's PIN. */
  passwordLabel: string;
  /** Changing it remounts the password control, which clears what it holds. */
  controlKey: number;
  captcha: ReturnType<typeof useCaptcha>;
  onSubmit: () => void;
}

/** The password and the captcha with its picture: the same on both login editions (spec §5 messages). */
export function CredentialFields({ fields, passwordLabel, controlKey, captcha, onSubmit }: Props) {
  const { values, errors } = fields;
  return (
    <>
      <FormItem label={passwordLabel} htmlFor="password" error={errors.password}>
        <PasswordField key={controlKey} id="password" placeholder={`请输入${passwordLabel}`} invalid={Boolean(errors.password)} onChange={(entry) => fields.set('password', entry)} />
      </FormItem>
      <FormItem label="图形验证码" htmlFor="captcha" error={errors.captcha}>
        <div className="ls-captcha">
          <TextField
            id="captcha"
            icon={SafetyCertificateOutlined}
            placeholder="请输入验证码"
            maxLength={CAPTCHA_LENGTH}
            autoComplete="off"
            value={values.captcha ?? ''}
            invalid={Boolean(errors.captcha)}
            onValue={(value) => fields.set('captcha', value)}
            onEnter={onSubmit}
          />
          <button type="button" className="ls-captcha-image" onClick={captcha.refresh} title="看不清？点击刷新" aria-label="图形验证码，点击刷新">
            {captcha.captcha && !captcha.failed ? <img src={captcha.captcha.src} alt="图形验证码" /> : <span>{captcha.loading ? '加载中…' : '点击重试'}</span>}
          </button>
        </div>
      </FormItem>
    </>
  );
}
