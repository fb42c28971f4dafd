import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { loginPaths } from '../config/paths';
import { dropLoginShell } from '../lib/login-shell';

/** What a route declares for the shell: the document title while it shows. */
export interface RouteHandle {
  title: string;
}

const PRODUCT_NAME = '资产托管客户服务网银';

/** Sets the document title from the deepest route that names one. */
export function RootLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  // The login page removes index.html's copy of itself once its form is drawn; any other page now.
  const onLogin = loginPaths.includes(pathname);
  useLayoutEffect(() => {
    if (!onLogin) dropLoginShell();
  }, [onLogin]);
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    // The console names its own views; only the static routes' titles are set here.
    if (title) document.title = title.title.startsWith('Login') ? title.title : `${title.title} - ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
