import type { PortalMessage } from '../countdown-message';
import { HTTP_MESSAGES } from './client';
import type { HttpNotifier } from './notifier';

/** Spec §9: an error message stays antd's usual 3 seconds. */
const ERROR_SECONDS = 3;
const RETRY_KEY = 'http-retry';

/** The HTTP client's spec §8 feedback through `message`; what a 401 does is the page's to say. */
export function messageNotifier(message: PortalMessage, unauthorized: HttpNotifier['unauthorized']): HttpNotifier {
  return {
    error: (text) => message.error(text, ERROR_SECONDS),
    retrying(progress) {
      if (progress === 'done') return message.destroy(RETRY_KEY);
      message.loading({ key: RETRY_KEY, content: `${HTTP_MESSAGES.retrying}（第${progress.attempt}次，共${progress.of}次）…` });
    },
    unauthorized,
  };
}
