import { Suspense, useLayoutEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { dropLoginShell } from '../../../lib/login-shell';
import { getToken, setToken } from '../../../lib/session-token';
import { paths } from '../../../config/paths';
import { EDITIONS, EDITION_LABELS, editionHref, editionOf, namedEdition, type Edition } from './edition';
import { fetchHostEdition } from '../api/login';
import { fetchScanConfig } from '../api/scan-login';
import { Waiting } from './fields';
import { LoginForm } from './login-form';
import { useLoginHttpFeedback } from './login-feedback';
import { CertLoginForm, ScanCodeExchange, ScanLogin } from './on-demand';
import { useFetched } from './use-fetched';

const OTHER: Record<Edition, Edition> = { signed: 'certificate', certificate: 'signed' };

/**
 * `/login`, `/handleLoginSign` and `/handleLoginCert` (spec §2): edition tabs, the login form,
 * a link to the other edition, help on the built-in password control and certificates, the
 * copyright and the hotline. Drawn without antd, with login-page.css (inlined in index.html,
 * whose static copy of this page it replaces): the page's first load is React, the router, the
 * HTTP client and its crypto; antd's messages and dialogs come when first needed.
 */
export function LoginPage() {
  useLoginHttpFeedback();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const code = searchParams.get('code');
  // Spec §6: `/login` without a type opens the edition of the host the customer came in on.
  const named = namedEdition(pathname, searchParams);
  const hostEdition = useFetched(fetchHostEdition, !code && !named);
  const edition = editionOf(pathname, searchParams, hostEdition.data?.edition ?? null);
  // Not knowing the host's edition yet, no form starts (a captcha, a certificate look-up) for nothing.
  const deciding = !named && !hostEdition.done;
  const other = OTHER[edition];
  // Spec §1: scan-code login is offered when the deployment configures ableScan.
  const scanConfig = useFetched(fetchScanConfig, !code);
  const [scanning, setScanning] = useState(false);
  // index.html's static copy of this page stays until the form it stands for is drawn.
  const drawn = Boolean(code) || !deciding;
  useLayoutEffect(() => {
    if (drawn) dropLoginShell();
  }, [drawn]);
  // Spec §2 guard: with a token, the login pages lead home.
  if (getToken()) return <Navigate to={paths.home} replace />;

  const tabs: { key: string; label: string }[] = [
    ...EDITIONS.map((key) => ({ key, label: EDITION_LABELS[key] })),
    ...(scanConfig.data?.ableScan ? [{ key: 'scan', label: '扫码登录' }] : []),
  ];
  const activeTab = scanning ? 'scan' : edition;
  const choose = (key: string) => {
    setScanning(key === 'scan');
    if (key !== 'scan' && key !== edition) void navigate(editionHref(key as Edition, pathname, searchParams));
  };

  return (
    <div className="ls-page">
      <header className="ls-header">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" className="ls-logo" />
        <span className="ls-bank">华夏银行</span>
        <span className="ls-divider" aria-hidden />
        <span className="ls-product">资产托管客户服务网银</span>
      </header>

      <main className="ls-main">
        <section className="ls-intro">
          <h1 className="ls-title">资产托管客户服务网银</h1>
          <p className="ls-text">托管账户、指令录入与复核、第三方指令确认、预警信息与风险提示，一站办理。</p>
        </section>

        <section className="ls-card" aria-label="用户登录">
          {code ? (
            <Suspense fallback={<Waiting />}>
              <ScanCodeExchange code={code} onTokenReady={setToken} />
            </Suspense>
          ) : (
            <>
              <div className="ls-tabs" role="tablist">
                {tabs.map(({ key, label }) => (
                  <button
                    key={key}
                    type="button"
                    role="tab"
                    id={`login-tab-${key}`}
                    aria-selected={key === activeTab}
                    aria-controls="login-panel"
                    className={key === activeTab ? 'ls-tab ls-tab-active' : 'ls-tab'}
                    onClick={() => choose(key)}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${activeTab}`}>
                <Suspense fallback={<Waiting />}>
                  {scanning ? <ScanLogin /> : deciding ? <Waiting /> : edition === 'certificate' ? <CertLoginForm /> : <LoginForm />}
                </Suspense>
              </div>
            </>
          )}
          <div className="ls-switch">
            <Link to={editionHref(other, pathname, searchParams)}>切换至{EDITION_LABELS[other]}登录</Link>
          </div>
          <div className="ls-help">
            本网银已内置安全密码控件，无需下载安装。
            <Link to={paths.securityControlHelp}>安全控件说明</Link>
            <span aria-hidden> · </span>
            <Link to={`${paths.securityControlHelp}#certificate`}>证书下载说明</Link>
          </div>
        </section>
      </main>

      <footer className="ls-footer">
        Copyright © 华夏银行股份有限公司 版权所有<span className="ls-hotline">客服热线：95577</span>
      </footer>
    </div>
  );
}
