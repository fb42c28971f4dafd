import { useSyncExternalStore } from 'react';

/**
 * The server's business clock in the browser. Answers that judge time (an instruction record's
 * `judgedAt`) set how far the server's instant is from this machine's as they arrive; countdowns
 * then run on this machine's clock shifted by that much. Under the test clock (`X-Test-Clock`)
 * the server's instant is the test's, so countdowns start where the test stands.
 */
let offsetMs = 0;

/** Takes the server's instant of an answer that has just arrived. */
export function noteServerTime(iso: string | undefined): void {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

export const serverNow = (): number => Date.now() + offsetMs;

/** One timer for every countdown on the page, running while any is shown. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whole seconds, so every countdown reads the same instant within one tick. */
const snapshot = () => Math.floor(serverNow() / 1000) * 1000;

/** The server's instant, to the second, re-rendering each second while mounted. */
export const useServerNow = (): number => useSyncExternalStore(subscribe, snapshot);
