import { expect, test, type Page } from './fixtures';
import { deviceKey, type KeyPair } from './device-key';

// The login page as the browser tests drive it. TEST_CAPTCHA makes every captcha's answer ABCDE.

export const APP = '/zctgdzhwy';
export const CAPTCHA = 'ABCDE';

/** While a login is under way antd puts its loading icon (named "loading") into the button. */
export const loginButton = (page: Page) => page.getByRole('button', { name: /^(loading\s*)?登\s*录$/ });
export const captchaImage = (page: Page) => page.getByRole('img', { name: '图形验证码' });
export const captchaInput = (page: Page) => page.getByPlaceholder('请输入验证码');
export const passwordInput = (page: Page) => page.getByLabel('密码', { exact: true });

/** Opens the login page and waits for its captcha: a login needs one to be there. */
export async function openLogin(page: Page, query = '') {
  await page.goto(`${APP}/login${query}`);
  await expect(captchaImage(page)).toBeVisible();
}

/** Types as a person does, the password key by key into the control, once the captcha is shown. */
export async function fillLogin(page: Page, username: string, password: string, captcha = CAPTCHA) {
  await expect(captchaImage(page)).toBeVisible();
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await passwordInput(page).pressSequentially(password);
  await captchaInput(page).fill(captcha);
}

const homeView = (page: Page) => page.locator('[data-view="/home"]');

/** Logs in from the login page and waits for the console's home view. */
export async function login(page: Page, username: string, password: string, query = '') {
  await openLogin(page, query);
  await fillLogin(page, username, password);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeView(page)).toBeVisible();
}

/**
 * A session this worker opened by the login page: the token cookie and the device key its login
 * was signed with (the key signed operations must be signed by), as the browser kept them.
 */
interface KeptSession {
  cookie: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>[number];
  key: KeyPair;
}
const kept = new Map<string, KeptSession>();

/**
 * Puts a kept session into the page's browser context in place of whatever it held, as a
 * person's browser holds it after the login: only the token cookie and the device key (the app
 * keeps nothing else between loads). IndexedDB needs a document of the app's origin, so an empty
 * one is served from the browser itself for the moment it takes.
 */
async function restore(page: Page, session: KeptSession) {
  const context = page.context();
  await context.clearCookies();
  await context.addCookies([session.cookie]);
  const blank = new URL(`${APP}/__session`, test.info().project.use.baseURL).href;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>session</title>' }));
  try {
    await page.goto(blank);
    await page.evaluate(
      (key) =>
        new Promise<void>((resolve, reject) => {
          sessionStorage.clear();
          localStorage.clear();
          // As lib/device-key.ts opens it, so a fresh browser gets the store the app expects.
          const open = indexedDB.open('zctg-device', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('keys');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('keys', 'readwrite');
            tx.objectStore('keys').put(key, 'login-sm2');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      session.key,
    );
  } finally {
    await page.unroute(blank);
  }
}

/**
 * Signs `username` in for a test to which the login itself is not the subject: the first time in
 * this worker by the login page (`login`), after that with the session that login opened, put back
 * into the page's context, on the home view as `login` leaves it. A session the server no longer
 * knows (a logout, a password change, a switch) ends on the login page, and is then opened anew.
 * Tests that prove something of a login itself, or need a session of their own, call `login`.
 */
export async function signIn(page: Page, username: string, password: string) {
  const session = kept.get(username);
  if (session) {
    await restore(page, session);
    await page.goto(`${APP}/home`);
    await expect(homeView(page).or(captchaImage(page))).toBeVisible();
    if (await homeView(page).isVisible()) {
      await expect(page).toHaveURL(/\/home$/);
      return;
    }
    kept.delete(username);
  } else {
    // Whatever session the context held before goes, as a person switching users logs out first.
    await page.context().clearCookies();
  }
  await login(page, username, password);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'zctg_token');
  const key = await deviceKey(page);
  if (cookie && key) kept.set(username, { cookie, key });
}
