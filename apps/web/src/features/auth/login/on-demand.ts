import { lazy } from 'react';

/*
 * What the login page shows only on demand, loaded when it is: the first screen is the signed
 * edition's form, and these would otherwise weigh on every first visit (the certificate steps,
 * the scan code's QR library, the forced password change with antd's dialog and form).
 */
export const CertLoginForm = lazy(() => import('./cert-login-form').then((m) => ({ default: m.CertLoginForm })));
export const ScanLogin = lazy(() => import('./scan-login').then((m) => ({ default: m.ScanLogin })));
export const ScanCodeExchange = lazy(() => import('./scan-login').then((m) => ({ default: m.ScanCodeExchange })));
export const ForcePasswordDialog = lazy(() => import('./force-password-dialog').then((m) => ({ default: m.ForcePasswordDialog })));
