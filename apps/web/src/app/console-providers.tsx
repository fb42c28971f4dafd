import { Outlet } from 'react-router';
import { useHttpFeedback } from './http-feedback';
import { AppProviders } from './providers';

function HttpFeedback() {
  useHttpFeedback();
  return null;
}

/**
 * Every route but the login page's: antd (theme, messages, modals), TanStack Query and the HTTP
 * client's feedback through them. A lazy route of its own, so the login page loads none of it.
 */
export function ConsoleProviders() {
  return (
    <AppProviders>
      <HttpFeedback />
      <Outlet />
    </AppProviders>
  );
}
