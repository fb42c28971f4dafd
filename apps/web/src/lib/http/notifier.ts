/**
 * How the HTTP client speaks to the user. The app installs the real one (antd message and
 * modal, the router) at start-up; lib code never imports app code.
 */
export interface HttpNotifier {
  /** A refusal or failure the user should read. */
  error(message: string): void;
  /** HTTP 401 (spec §8): the token is already cleared; the app decides dialog or redirect. */
  unauthorized(serverMessage: string | undefined): void;
  /** A write is being sent again after a 503 or no answer (attempt counts from 2); `done` when it ended either way. */
  retrying(progress: { attempt: number; of: number } | 'done'): void;
}

let notifier: HttpNotifier = {
  error: (message) => console.error(message),
  unauthorized: (message) => console.error(message ?? '401'),
  retrying: () => undefined,
};

export function setHttpNotifier(next: HttpNotifier) {
  notifier = next;
}

export function notify(): HttpNotifier {
  return notifier;
}
