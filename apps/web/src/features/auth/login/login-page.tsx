import { useQuery } from '@tanstack/react-query';
import { Spin, Tabs } from 'antd';
import { Suspense, useLayoutEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { dropLoginShell } from '../../../lib/login-shell';
import { getToken, setToken } from '../../../lib/session-token';
import { paths } from '../../../config/paths';
import { EDITIONS, EDITION_LABELS, editionHref, editionOf, namedEdition, type Edition } from './edition';
import { hostEditionQuery } from '../api/login';
import { scanConfigQuery } from '../api/scan-login';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { CertLoginForm, ScanCodeExchange, ScanLogin } from './on-demand';

const OTHER: Record<Edition, Edition> = { signed: 'certificate', certificate: 'signed' };

/**
 * `/login`, `/handleLoginSign` and `/handleLoginCert` (spec §2): edition tabs, the login form,
 * a link to the other edition, help on the built-in password control and certificates, the
 * copyright and the hotline.
 */
export function LoginPage() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const code = searchParams.get('code');
  // Spec §6: `/login` without a type opens the edition of the host the customer came in on.
  const named = namedEdition(pathname, searchParams);
  const hostEdition = useQuery({ ...hostEditionQuery, enabled: !code && !named });
  const edition = editionOf(pathname, searchParams, hostEdition.data?.edition ?? null);
  // Not knowing the host's edition yet, no form starts (a captcha, a certificate look-up) for nothing.
  const deciding = !named && hostEdition.isPending;
  const other = OTHER[edition];
  // Spec §1: scan-code login is offered when the deployment configures ableScan.
  const scanConfig = useQuery({ ...scanConfigQuery, enabled: !code });
  const [scanning, setScanning] = useState(false);
  // index.html's static copy of this page stays until the form it stands for is drawn.
  const drawn = Boolean(code) || !deciding;
  useLayoutEffect(() => {
    if (drawn) dropLoginShell();
  }, [drawn]);
  const waiting = <Spin className={styles.deciding} />;
  // Spec §2 guard: with a token, the login pages lead home.
  if (getToken()) return <Navigate to={paths.home} replace />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" className={styles.logo} />
        <span className={styles.bank}>华夏银行</span>
        <span className={styles.divider} aria-hidden />
        <span className={styles.product}>资产托管客户服务网银</span>
      </header>

      <main className={styles.main}>
        <section className={styles.intro}>
          <h1 className={styles.introTitle}>资产托管客户服务网银</h1>
          <p className={styles.introText}>托管账户、指令录入与复核、第三方指令确认、预警信息与风险提示，一站办理。</p>
        </section>

        <section className={styles.card} aria-label="用户登录">
          {code ? (
            <Suspense fallback={waiting}>
              <ScanCodeExchange code={code} onTokenReady={setToken} />
            </Suspense>
          ) : (
            <>
              <Tabs
                centered
                activeKey={scanning ? 'scan' : edition}
                onChange={(key) => {
                  setScanning(key === 'scan');
                  if (key !== 'scan' && key !== edition) void navigate(editionHref(key as Edition, pathname, searchParams));
                }}
                items={[
                  ...EDITIONS.map((key) => ({ key, label: EDITION_LABELS[key] })),
                  ...(scanConfig.data?.ableScan ? [{ key: 'scan', label: '扫码登录' }] : []),
                ]}
              />
              <Suspense fallback={waiting}>
                {scanning ? <ScanLogin /> : deciding ? waiting : edition === 'certificate' ? <CertLoginForm /> : <LoginForm />}
              </Suspense>
            </>
          )}
          <div className={styles.switch}>
            <Link to={editionHref(other, pathname, searchParams)}>切换至{EDITION_LABELS[other]}登录</Link>
          </div>
          <div className={styles.help}>
            本网银已内置安全密码控件，无需下载安装。
            <Link to={paths.securityControlHelp}>安全控件说明</Link>
            <span aria-hidden> · </span>
            <Link to={`${paths.securityControlHelp}#certificate`}>证书下载说明</Link>
          </div>
        </section>
      </main>

      <footer className={styles.footer}>
        Copyright © 华夏银行股份有限公司 版权所有<span className={styles.hotline}>客服热线：95577</span>
      </footer>
    </div>
  );
}
