import { paths } from '../../../config/paths';

const LOGIN_ROUTES: readonly string[] = [paths.login, paths.handleLoginSign, paths.handleLoginCert];
const PROBE_ORIGIN = 'http://app.invalid';
// Browsers read a backslash as a slash and drop tabs and newlines inside URLs.
const hasAmbiguousCharacter = (text: string) => Array.from(text).some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Where to go after login (spec §2 `redirect` query): a path inside the app, or home. Absolute
 * URLs, protocol-relative `//host` (and its `/\host` spelling), `javascript:` and the like, and
 * the login pages themselves fall back to home.
 */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || hasAmbiguousCharacter(raw)) return paths.home;
  const url = new URL(raw, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN || LOGIN_ROUTES.includes(url.pathname)) return paths.home;
  return `${url.pathname}${url.search}${url.hash}`;
}
