/**
 * Spec §2: history routing under the public path; the plug-in build routes by hash, so its pages
 * work wherever they are served from.
 */
export const HASH_ROUTING = import.meta.env.ROUTER_MODE === 'hash';
const appBase = import.meta.env.BASE_URL.replace(/\/$/, '');

/** An app route's address for the address bar (a full page load, a QR code). */
export function appHref(to: string): string {
  return HASH_ROUTING ? `${window.location.pathname}${window.location.search}#${to}` : `${appBase}${to}`;
}

/** Opens an app route with a page load, so nothing of the page before (another user's state) stays. */
export function reloadAt(to: string) {
  window.location.replace(appHref(to));
  // A new hash alone loads nothing.
  if (HASH_ROUTING) window.location.reload();
}
