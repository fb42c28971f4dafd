import type { MessageInstance } from 'antd/es/message/interface';

type Kind = 'error' | 'warning' | 'info' | 'success';

let serial = 0;

/**
 * Spec §9: an auto-closing message counts down in seconds. Shows `content` with the seconds
 * left beside it (its own element, so the message text reads alone), ticking once a second,
 * and closes the message when they run out.
 */
export function countdownMessage(api: Pick<MessageInstance, 'open' | 'destroy'>, type: Kind, content: string, seconds: number): void {
  const key = `countdown-${++serial}`;
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
  const timer = setInterval(() => {
    left -= 1;
    if (left > 0) return show();
    clearInterval(timer);
    api.destroy(key);
  }, 1000);
}
