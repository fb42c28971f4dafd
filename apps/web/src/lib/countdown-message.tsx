import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useMemo } from 'react';

type Kind = 'error' | 'warning' | 'info' | 'success';
type Api = Pick<MessageInstance, 'open' | 'destroy'>;

/** antd's own default: an auto-closing message stays three seconds. */
const DEFAULT_SECONDS = 3;

let serial = 0;
/** The running countdown of each shown key, so a message replaced under its key stops ticking. */
const timers = new Map<string, ReturnType<typeof setInterval>>();

function stop(key: string) {
  clearInterval(timers.get(key));
  timers.delete(key);
}

/**
 * Spec §9: an auto-closing message counts down in seconds. Shows `content` with the seconds
 * left beside it (its own element, so the message text reads alone), ticking once a second,
 * and closes the message when they run out. `key` replaces the message shown under it (a
 * download's progress becomes its result).
 */
export function countdownMessage(api: Api, type: Kind, content: string, seconds: number, key = `countdown-${++serial}`): void {
  stop(key);
  let left = seconds;
  const show = () =>
    void api.open({
      key,
      type,
      content: (
        <>
          <span>{content}</span>
          <span className="message-countdown">（{left}秒后关闭）</span>
        </>
      ),
      duration: 0,
    });
  show();
  timers.set(
    key,
    setInterval(() => {
      left -= 1;
      if (left > 0) return show();
      stop(key);
      api.destroy(key);
    }, 1000),
  );
}

export type MessageContent = string | { key: string; content: string };

/** What the app shows messages with: every auto-closing one counts down. */
export interface PortalMessage {
  success(content: MessageContent, seconds?: number): void;
  error(content: MessageContent, seconds?: number): void;
  warning(content: MessageContent, seconds?: number): void;
  info(content: MessageContent, seconds?: number): void;
  /** A progress message: stays until shown again under its key (as a result) or destroyed. */
  loading(content: { key: string; content: string }): void;
  destroy(key: string): void;
}

export function portalMessage(api: Api): PortalMessage {
  const countdown = (type: Kind) => (content: MessageContent, seconds = DEFAULT_SECONDS) =>
    typeof content === 'string' ? countdownMessage(api, type, content, seconds) : countdownMessage(api, type, content.content, seconds, content.key);
  return {
    success: countdown('success'),
    error: countdown('error'),
    warning: countdown('warning'),
    info: countdown('info'),
    loading: ({ key, content }) => {
      stop(key);
      void api.open({ key, type: 'loading', content, duration: 0 });
    },
    destroy: (key) => {
      stop(key);
      api.destroy(key);
    },
  };
}

/** The one way the app shows a message (eslint refuses antd's `message` elsewhere). */
export function useMessage(): PortalMessage {
  const { message } = App.useApp();
  return useMemo(() => portalMessage(message), [message]);
}
