import { LOGIN_MESSAGES } from '@portal/shared';
import { useSearchParams } from 'react-router';
import { lazyMessage as message } from '../../../components/lazy-feedback';
import { ApiError } from '../../../lib/api-error';
import { reloadAt } from '../../../lib/app-location';
import { newEnrolmentKey } from '../../../lib/cert-enrolment';
import { saveEnrolment, startCertificateSession, unlockWithPin } from '../../../lib/cert-key';
import { setToken } from '../../../lib/session-token';
import { buildCertLoginRequest, enrollCertificate, postCertLogin } from '../api/certificate-login';
import type { CertLoginValues } from './certificate-fields';
import { redirectTarget } from './redirect-target';
import type { Fields } from './use-fields';
import type { LoginAttempt } from './use-login-attempt';
import type { CurrentCertificate } from './use-stored-certificate';

type CertFields = Fields<CertLoginValues>;

/** The form's values when valid and sendable: no password is said by its field (spec §5), no captcha answer by a warning. */
function sendableValues(fields: CertFields, attempt: LoginAttempt): CertLoginValues | null {
  const valid = fields.validate();
  const values = fields.latest();
  if (!values.password?.length) return null;
  if (!values.captcha) {
    message.warning(LOGIN_MESSAGES.captchaOnSubmit);
    return null;
  }
  return valid && attempt.captcha.captcha ? values : null;
}

/** Enrolment: a key pair made here, its CSR sent with the bank's activation code, the issued certificate kept sealed under the PIN. */
export function useCertificateEnrolment(fields: CertFields, attempt: LoginAttempt, onEnrolled: () => Promise<void>) {
  return async function enrol() {
    const values = sendableValues(fields, attempt);
    const captcha = attempt.captcha.captcha;
    if (!values || attempt.submitting || !captcha) return;
    attempt.setSubmitting(true);
    try {
      const { keys, csr } = await newEnrolmentKey();
      const issued = await enrollCertificate({ activationCode: values.activationCode!, csr, password: values.password!, captcha: values.captcha!, lastRev: captcha.rev }).catch(
        (err: unknown) => {
          attempt.spend();
          if (!(err instanceof ApiError)) throw err;
          message.error(err.message);
          return null;
        },
      );
      if (!issued) return;
      await saveEnrolment(keys, values.pin!, issued);
      attempt.spend();
      attempt.resetSecrets();
      message.success('证书下载成功，请使用证书登录');
      await onEnrolled();
    } finally {
      attempt.setSubmitting(false);
    }
  };
}

/** Login: the PIN unlocks the stored key, which proves itself to queryByKey and signs the login; the session keeps the key for its signed operations. */
export function useCertificateLogin(fields: CertFields, attempt: LoginAttempt, certificate: CurrentCertificate) {
  const [searchParams] = useSearchParams();
  return async function login() {
    const values = sendableValues(fields, attempt);
    const captcha = attempt.captcha.captcha;
    const { record } = certificate;
    if (!values || attempt.submitting || !captcha || !record) return;
    attempt.setSubmitting(true);
    try {
      let privateKey: string;
      try {
        privateKey = await unlockWithPin(record, values.pin!);
      } catch (err) {
        message.error((err as Error).message);
        return;
      }
      const found = await certificate.confirm(privateKey);
      if (!found) return;
      const { username } = found;
      const request = await buildCertLoginRequest({
        username,
        password: values.password!,
        captcha: values.captcha!,
        lastRev: captcha.rev,
        certificate: found.certificate,
        privateKey,
        userNo: searchParams.get('userNo') ?? undefined,
      });
      const token = await postCertLogin(request).catch(attempt.refused(username));
      if (!token) return;
      await startCertificateSession(privateKey);
      setToken(token);
      reloadAt(redirectTarget(searchParams.get('redirect')));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      attempt.setSubmitting(false);
    }
  };
}
