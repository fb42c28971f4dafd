import { CERT_BROWSER_MESSAGE } from '@portal/shared';
import { Suspense, useState } from 'react';
import { loadFeedback } from '../../../components/lazy-feedback';
import { certificateSupported } from '../../../lib/cert-key';
import { CertificateFields, certificateRules, type CertLoginValues } from './certificate-fields';
import { CredentialFields, credentialRules } from './credential-fields';
import { Notice, SubmitButton } from './fields';
import { ForcePasswordDialog } from './on-demand';
import { useCertificateEnrolment, useCertificateLogin } from './use-certificate-steps';
import { useFields } from './use-fields';
import { useLoginAttempt } from './use-login-attempt';
import { useStoredCertificate } from './use-stored-certificate';

const SECRET_FIELDS: (keyof CertLoginValues)[] = ['password', 'captcha', 'pin', 'pinConfirm', 'activationCode'];

/**
 * The certificate edition (spec §2 `/handleLoginCert`, issue 14): the certificate in this browser
 * gives the username (disabled); PIN, password and captcha log in with a signature by the
 * certificate's key. An activation code from the bank enrols one (or a new one after revocation).
 */
export function CertLoginForm() {
  const supported = certificateSupported();
  const certificate = useStoredCertificate(supported);
  const [enrolling, setEnrolling] = useState(false);
  const fields = useFields<CertLoginValues>({ ...certificateRules(enrolling), ...credentialRules }, {}, { pin: ['pinConfirm'] });
  const attempt = useLoginAttempt(fields, SECRET_FIELDS);
  const enrol = useCertificateEnrolment(fields, attempt, async () => {
    setEnrolling(false);
    await certificate.reload();
  });
  const login = useCertificateLogin(fields, attempt, certificate);
  const { ready } = certificate;

  if (!supported) return <Notice type="error">{CERT_BROWSER_MESSAGE}</Notice>;

  return (
    <form className="ls-form" noValidate onFocus={() => void loadFeedback()} onSubmit={(event) => event.preventDefault()}>
      {certificate.problem && <Notice type="warning">{certificate.problem}</Notice>}
      <CertificateFields fields={fields} enrolling={enrolling} username={certificate.username} />
      <CredentialFields fields={fields} passwordLabel="登录密码" controlKey={attempt.controlKey} captcha={attempt.captcha} onSubmit={() => void (enrolling ? enrol() : login())} />
      {enrolling ? (
        <SubmitButton busy={attempt.submitting} onClick={() => void enrol()}>
          下载证书
        </SubmitButton>
      ) : (
        <SubmitButton busy={attempt.submitting} disabled={!ready} onClick={() => void login()}>
          登 录
        </SubmitButton>
      )}
      <button
        type="button"
        className="ls-link-button"
        onClick={() => {
          setEnrolling((v) => !v);
          attempt.resetSecrets();
        }}
      >
        {enrolling ? '返回证书登录' : ready ? '使用激活码重新下载证书' : '使用激活码下载证书'}
      </button>
      <Suspense fallback={null}>
        {attempt.mustChange && (
          <ForcePasswordDialog
            username={attempt.mustChange.username}
            reason={attempt.mustChange.reason}
            changeTicket={attempt.mustChange.changeTicket}
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
