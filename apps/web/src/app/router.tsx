import { Navigate, createBrowserRouter, createHashRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { HASH_ROUTING } from '../lib/app-location';
import { PageSpinner } from '../components/page-spinner';
import { RootLayout, type RouteHandle } from './root-layout';

const loginPage = () => import('../features/auth/login/login-page').then((m) => ({ Component: m.LoginPage }));

/**
 * Static routes of spec §2 first (each page its own chunk, so the login page loads no console
 * code); everything else is the console, which resolves menu pages itself once the user and
 * the menus are loaded, so its 404 is decided only after the dynamic routes are known. The login
 * page is drawn without antd; every other page sits under ConsoleProviders (antd, TanStack Query),
 * a chunk the login page never asks for.
 */
const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    // The first page's chunk is still loading: a quiet spinner if that takes a moment.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.login, handle: { title: 'Login - 登录' } satisfies RouteHandle, lazy: loginPage },
      { path: paths.handleLoginSign, handle: { title: 'Login - 登录' } satisfies RouteHandle, lazy: loginPage },
      { path: paths.handleLoginCert, handle: { title: 'Login - 登录' } satisfies RouteHandle, lazy: loginPage },
      {
        lazy: () => import('./console-providers').then((m) => ({ Component: m.ConsoleProviders })),
        children: [
          {
            path: paths.securityControlHelp,
            handle: { title: '安全控件说明' } satisfies RouteHandle,
            lazy: () => import('../features/auth/login/security-control-help-page').then((m) => ({ Component: m.SecurityControlHelpPage })),
          },
          {
            path: paths.scanConfirm,
            handle: { title: '扫码登录确认' } satisfies RouteHandle,
            lazy: () => import('../features/scan/scan-confirm-page').then((m) => ({ Component: m.ScanConfirmPage })),
          },
          {
            path: paths.unauthorized,
            handle: { title: '无权访问' } satisfies RouteHandle,
            lazy: () => import('../features/errors/unauthorized-page').then((m) => ({ Component: m.UnauthorizedPage })),
          },
          {
            path: paths.diagnostics,
            handle: { title: '连接诊断' } satisfies RouteHandle,
            lazy: () => import('../features/platform/diagnostics-page').then((m) => ({ Component: m.DiagnosticsPage })),
          },
          { path: '*', lazy: () => import('./layout/console-layout').then((m) => ({ Component: m.ConsoleLayout })) },
        ],
      },
    ],
  },
];

export const router = HASH_ROUTING ? createHashRouter(routes) : createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
