import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HTTP_MESSAGES, setHttpNotifier } from '../lib/http';
import { loginPaths, paths } from '../config/paths';
import { useMessage } from '../lib/countdown-message';

/** Spec §8 / §9: the 401 message stays 5 seconds; an error message antd's usual 3. */
const UNAUTHORIZED_SECONDS = 5;
const ERROR_SECONDS = 3;
const RETRY_KEY = 'http-retry';

/** Installs the HTTP client's user-facing behaviour of spec §8 (messages, the two 401 paths). */
export function useHttpFeedback() {
  const { modal } = App.useApp();
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setHttpNotifier({
      error: (text) => message.error(text, ERROR_SECONDS),
      retrying(progress) {
        if (progress === 'done') return message.destroy(RETRY_KEY);
        message.loading({ key: RETRY_KEY, content: `${HTTP_MESSAGES.retrying}（第${progress.attempt}次，共${progress.of}次）…` });
      },
      unauthorized(serverMessage) {
        if (loginPaths.includes(location.pathname)) {
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
        message.error(HTTP_MESSAGES.unauthorized, UNAUTHORIZED_SECONDS);
      },
    });
  }, [message, modal, navigate, location.pathname, location.search]);
}
