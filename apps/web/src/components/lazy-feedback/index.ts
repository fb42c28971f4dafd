import type { ModalFuncProps } from 'antd';
import type { MessageContent, PortalMessage } from '../../lib/countdown-message';
import type { Feedback } from './feedback-host';

let host: Promise<Feedback> | undefined;

/**
 * antd's messages and modals for a page drawn without antd (the login page): the first message
 * loads and mounts them, `preload` does it ahead (when the user starts filling the form), so the
 * page's first load carries none of antd. They look and count down as the console's do.
 */
export const loadFeedback = () => (host ??= import('./feedback-host').then((m) => m.mountFeedback()));

const later =
  (kind: 'success' | 'error' | 'warning' | 'info') =>
  (content: MessageContent, seconds?: number) =>
    void loadFeedback().then((f) => f.message[kind](content, seconds));

export const lazyMessage: PortalMessage = {
  success: later('success'),
  error: later('error'),
  warning: later('warning'),
  info: later('info'),
  loading: (content) => void loadFeedback().then((f) => f.message.loading(content)),
  // Nothing shown yet, nothing to take away: no need to load antd for it.
  destroy: (key) => void host?.then((f) => f.message.destroy(key)),
};

/** antd's `modal.warning`, loaded like the messages. */
export const lazyWarning = (config: ModalFuncProps) =>
  void loadFeedback().then((f) => {
    f.modal.warning(config);
  });
