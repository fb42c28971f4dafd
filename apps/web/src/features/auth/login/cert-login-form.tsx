import { CERT_BROWSER_MESSAGE } from '@portal/shared';
import { Alert, Button, Form } from 'antd';
import { Suspense, useState } from 'react';
import { certificateSupported } from '../../../lib/cert-key';
import { CertificateFields } from './certificate-fields';
import { CredentialFields } from './credential-fields';
import { ForcePasswordDialog } from './on-demand';
import styles from './login-page.module.css';
import { useCertificateEnrolment, useCertificateLogin, type CertLoginValues } from './use-certificate-steps';
import { useLoginAttempt } from './use-login-attempt';
import { useStoredCertificate } from './use-stored-certificate';

const SECRET_FIELDS = ['password', 'captcha', 'pin', 'pinConfirm', 'activationCode'];

/**
 * The certificate edition (spec §2 `/handleLoginCert`, issue 14): the certificate in this browser
 * gives the username (disabled); PIN, password and captcha log in with a signature by the
 * certificate's key. An activation code from the bank enrols one (or a new one after revocation).
 */
export function CertLoginForm() {
  const [form] = Form.useForm<CertLoginValues>();
  const supported = certificateSupported();
  const certificate = useStoredCertificate(supported);
  const attempt = useLoginAttempt(form, SECRET_FIELDS);
  const [enrolling, setEnrolling] = useState(false);
  const enrol = useCertificateEnrolment(form, attempt, async () => {
    setEnrolling(false);
    await certificate.reload();
  });
  const login = useCertificateLogin(form, attempt, certificate);
  const { ready } = certificate;

  if (!supported) return <Alert type="error" showIcon title={CERT_BROWSER_MESSAGE} className={styles.notice} />;

  return (
    <>
      {certificate.problem && <Alert type="warning" showIcon title={certificate.problem} className={styles.notice} />}
      <Form form={form} layout="vertical" size="large" requiredMark={false} className={styles.form}>
        <CertificateFields enrolling={enrolling} username={certificate.username} />
        <CredentialFields passwordLabel="登录密码" controlKey={attempt.controlKey} captcha={attempt.captcha} onSubmit={() => void (enrolling ? enrol() : login())} />
        {enrolling ? (
          <Button type="primary" block loading={attempt.submitting} onClick={() => void enrol()}>
            下载证书
          </Button>
        ) : (
          <Button type="primary" block loading={attempt.submitting} disabled={!ready} onClick={() => void login()}>
            登录
          </Button>
        )}
        <Button
          type="link"
          block
          onClick={() => {
            setEnrolling((v) => !v);
            attempt.resetSecrets();
          }}
        >
          {enrolling ? '返回证书登录' : ready ? '使用激活码重新下载证书' : '使用激活码下载证书'}
        </Button>
      </Form>
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
    </>
  );
}
