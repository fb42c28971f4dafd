/**
 * The access token lives in a cookie for one day (spec §9, ARCHITECTURE §5), scoped to the
 * app's path. It is sent as a Bearer header, so the cookie is not HttpOnly, but SameSite=Strict
 * keeps it from travelling with other sites' requests.
 */
const COOKIE = 'zctg_token';
const ONE_DAY_S = 24 * 60 * 60;
// The plug-in build's base is relative (its pages may be served from anywhere): its origin's root.
const cookiePath = import.meta.env.BASE_URL.startsWith('/') ? import.meta.env.BASE_URL.replace(/\/$/, '') || '/' : '/';

function writeCookie(value: string, maxAge: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=${cookiePath}; SameSite=Strict${secure}`;
}

export function getToken(): string | undefined {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) || undefined : undefined;
}

export function setToken(token: string) {
  writeCookie(token, ONE_DAY_S);
}

export function clearToken() {
  writeCookie('', 0);
}
