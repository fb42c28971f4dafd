import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HTTP_MESSAGES, setHttpNotifier } from '../lib/http';
import { paths } from '../config/paths';

const LOGIN_ROUTES: readonly string[] = [paths.login, paths.handleLoginSign, paths.handleLoginCert];
/** Spec §8 / §9: the 401 message stays 5 seconds. */
const UNAUTHORIZED_SECONDS = 5;

/** Installs the HTTP client's user-facing behaviour of spec §8 (messages, the two 401 paths). */
export function HttpFeedback() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setHttpNotifier({
      error: (text) => void message.error(text),
      unauthorized(serverMessage) {
        if (LOGIN_ROUTES.includes(location.pathname)) {
          modal.warning({
            title: '提示',
            content: serverMessage || HTTP_MESSAGES.unauthorized,
            okText: '确定',
            onOk: () => window.location.reload(),
          });
          return;
        }
        const back = `${location.pathname}${location.search}`;
        navigate(`${paths.login}?redirect=${encodeURIComponent(back)}`, { replace: true });
        void message.error({ content: HTTP_MESSAGES.unauthorized, duration: UNAUTHORIZED_SECONDS });
      },
    });
  }, [message, modal, navigate, location.pathname, location.search]);

  return null;
}
