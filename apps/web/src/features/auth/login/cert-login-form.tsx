import { KeyOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CERT_BROWSER_MESSAGE, CERT_STATUS_MESSAGE, LOGIN_MESSAGES } from '@portal/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PasswordEntry } from '../../../components/password-control';
import {
  PIN_MESSAGES,
  certificateDer,
  certificateSupported,
  newEnrolmentKey,
  replaceCertificate,
  saveEnrolment,
  startCertificateSession,
  storedCertificate,
  unlockWithPin,
} from '../../../lib/cert-key';
import { ApiError } from '../../../lib/api-error';
import { setToken } from '../../../lib/session-token';
import { reloadAt } from '../../../lib/app-location';
import { buildCertLoginRequest, enrollCertificate, postCertLogin, queryByKey } from '../api/certificate-login';
import { changeTicketOf } from './change-ticket';
import { CredentialFields } from './credential-fields';
import { ForcePasswordDialog } from './force-password-dialog';
import styles from './login-page.module.css';
import { redirectTarget } from './redirect-target';
import { useCaptcha } from './use-captcha';
import { useMessage } from '../../../lib/countdown-message';

interface Values {
  activationCode?: string;
  pin?: string;
  pinConfirm?: string;
  password?: PasswordEntry;
  captcha?: string;
}

const certificateKey = ['login', 'certificate'];
const pinRule = { min: 6, max: 32, message: PIN_MESSAGES.length };

/**
 * The certificate edition (spec §2 `/handleLoginCert`, issue 14): the certificate in this browser
 * gives the username (disabled); PIN, password and captcha log in with a signature by the
 * certificate's key. An activation code from the bank enrols one (or a new one after revocation).
 */
export function CertLoginForm() {
  const [form] = Form.useForm<Values>();
  const message = useMessage();
  const queryClient = useQueryClient();
  const captchaState = useCaptcha();
  const { captcha, spend: spendCaptcha } = captchaState;
  const [searchParams] = useSearchParams();
  const [enrolling, setEnrolling] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [controlKey, setControlKey] = useState(0);
  const [mustChange, setMustChange] = useState<{ username: string; reason: string; changeTicket: string }>();
  const supported = certificateSupported();

  // The stored certificate and the bank's word on it; a renewal replaces the stored copy.
  const current = useQuery({
    queryKey: certificateKey,
    enabled: supported,
    retry: false,
    queryFn: async () => {
      const record = await storedCertificate();
      if (!record) return { record: null, username: null, problem: CERT_STATUS_MESSAGE };
      try {
        const found = await queryByKey(certificateDer(record.certificate));
        if (found.serial !== record.serial) await replaceCertificate(found.serial, found.certificate);
        return { record: { ...record, serial: found.serial, certificate: found.certificate }, username: found.username, problem: null };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return { record, username: record.username, problem: err.message };
      }
    },
  });
  const ready = Boolean(current.data?.record && !current.data.problem);
  const enrolMode = enrolling;

  const spend = () => {
    form.setFieldValue('captcha', undefined);
    spendCaptcha();
  };
  const resetSecrets = () => {
    form.resetFields(['password', 'captcha', 'pin', 'pinConfirm', 'activationCode']);
    setControlKey((k) => k + 1);
  };

  async function checked(): Promise<Values | null> {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const values = form.getFieldsValue();
    if (!values.password?.length) return null;
    if (!values.captcha) {
      message.warning(LOGIN_MESSAGES.captchaOnSubmit);
      return null;
    }
    return valid && captcha ? values : null;
  }

  async function enrol() {
    const values = await checked();
    if (!values || submitting || !captcha) return;
    setSubmitting(true);
    try {
      const { keys, csr } = await newEnrolmentKey();
      const issued = await enrollCertificate({ activationCode: values.activationCode!, csr, password: values.password!, captcha: values.captcha!, lastRev: captcha.rev }).catch(
        (err: unknown) => {
          spend();
          if (!(err instanceof ApiError)) throw err;
          message.error(err.message);
          return null;
        },
      );
      if (!issued) return;
      await saveEnrolment(keys, values.pin!, issued);
      spend();
      resetSecrets();
      setEnrolling(false);
      message.success('证书下载成功，请使用证书登录');
      await queryClient.invalidateQueries({ queryKey: certificateKey });
    } finally {
      setSubmitting(false);
    }
  }

  async function login() {
    const values = await checked();
    const record = current.data?.record;
    const username = current.data?.username;
    if (!values || submitting || !captcha || !record || !username) return;
    setSubmitting(true);
    try {
      let privateKey: string;
      try {
        privateKey = await unlockWithPin(record, values.pin!);
      } catch (err) {
        message.error((err as Error).message);
        return;
      }
      const request = await buildCertLoginRequest({
        username,
        password: values.password!,
        captcha: values.captcha!,
        lastRev: captcha.rev,
        certificate: certificateDer(record.certificate),
        privateKey,
        userNo: searchParams.get('userNo') ?? undefined,
      });
      const token = await postCertLogin(request).catch((err: unknown) => {
        spend();
        if (!(err instanceof ApiError)) throw err;
        const changeTicket = changeTicketOf(err);
        if (changeTicket) setMustChange({ username, reason: err.message, changeTicket });
        else message.error(err.message);
        return null;
      });
      if (!token) return;
      await startCertificateSession(privateKey);
      setToken(token);
      reloadAt(redirectTarget(searchParams.get('redirect')));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setSubmitting(false);
    }
  }

  if (!supported) return <Alert type="error" showIcon title={CERT_BROWSER_MESSAGE} className={styles.notice} />;

  return (
    <>
      {current.data?.problem && <Alert type="warning" showIcon title={current.data.problem} className={styles.notice} />}
      <Form form={form} layout="vertical" size="large" requiredMark={false} className={styles.form}>
        {enrolMode ? (
          <Form.Item label="激活码" name="activationCode" rules={[{ required: true, whitespace: true, message: '请输入激活码' }]} extra="激活码由银行柜台或客户经理提供，15分钟内有效，仅可使用一次">
            <Input prefix={<KeyOutlined />} placeholder="XXXX-XXXX-XXXX" maxLength={20} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item label="用户名" htmlFor="certUsername">
            <Input id="certUsername" prefix={<UserOutlined />} value={current.data?.username ?? ''} placeholder="由证书自动带出" disabled />
          </Form.Item>
        )}
        <Form.Item label={enrolMode ? '设置证书PIN码' : '证书PIN码'} name="pin" rules={[{ required: true, message: '请输入证书PIN码' }, pinRule]}>
          <Input.Password prefix={<SafetyCertificateOutlined />} placeholder={enrolMode ? '6到32位，用于在本机保护证书私钥' : '请输入证书PIN码'} maxLength={32} autoComplete="off" />
        </Form.Item>
        {enrolMode && (
          <Form.Item
            label="确认PIN码"
            name="pinConfirm"
            dependencies={['pin']}
            rules={[
              { required: true, message: '请再次输入PIN码' },
              ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('pin') ? Promise.resolve() : Promise.reject(new Error(PIN_MESSAGES.mismatch))) }),
            ]}
          >
            <Input.Password prefix={<SafetyCertificateOutlined />} placeholder="请再次输入PIN码" maxLength={32} autoComplete="off" />
          </Form.Item>
        )}
        <CredentialFields passwordLabel="登录密码" controlKey={controlKey} captcha={captchaState} onSubmit={() => void (enrolMode ? enrol() : login())} />
        {enrolMode ? (
          <Button type="primary" block loading={submitting} onClick={() => void enrol()}>
            下载证书
          </Button>
        ) : (
          <Button type="primary" block loading={submitting} disabled={!ready} onClick={() => void login()}>
            登录
          </Button>
        )}
        <Button
          type="link"
          block
          onClick={() => {
            setEnrolling((v) => !v);
            resetSecrets();
          }}
        >
          {enrolling ? '返回证书登录' : ready ? '使用激活码重新下载证书' : '使用激活码下载证书'}
        </Button>
      </Form>
      {mustChange && (
        <ForcePasswordDialog
          username={mustChange.username}
          reason={mustChange.reason}
          changeTicket={mustChange.changeTicket}
          onCancel={() => setMustChange(undefined)}
          onChanged={() => {
            setMustChange(undefined);
            resetSecrets();
          }}
        />
      )}
    </>
  );
}
