import { RELATIVE_WINDOW_MS, formatDateTime, recentTime } from '@portal/shared';
import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;

// One clock for every relative time on the screen, ticking every 30 s while any is shown.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * A time in the spec's relative wording ('刚刚', 'N分钟前', 'N小时前', '1天前') while it is less
 * than `window` old, else in full; the full time on hover. It stays current as the minutes pass.
 */
export function RecentTime({ value, window = RELATIVE_WINDOW_MS }: { value: string; window?: number }) {
  const current = useSyncExternalStore(subscribe, () => now);
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {recentTime(value, current, window)}
    </time>
  );
}
