import { useLayoutEffect } from 'react';
import { lazyMessage, lazyWarning } from '../../../components/lazy-feedback';
import { HTTP_MESSAGES, messageNotifier, setHttpNotifier } from '../../../lib/http';

/**
 * The HTTP client's feedback on the login page (spec §8), with antd's message and modal loaded
 * at first use: a 401 here is a '提示' dialog with the server's words, and OK reloads. Installed
 * before any of the page's calls starts.
 */
export function useLoginHttpFeedback() {
  useLayoutEffect(() => {
    setHttpNotifier(
      messageNotifier(lazyMessage, (serverMessage) =>
        lazyWarning({ title: '提示', content: serverMessage || HTTP_MESSAGES.unauthorized, okText: '确定', onOk: () => window.location.reload() }),
      ),
    );
  }, []);
}
