import { expect, type Page } from './fixtures';

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

/** Logs in from the login page and waits for the console's home view. */
export async function login(page: Page, username: string, password: string, query = '') {
  await openLogin(page, query);
  await fillLogin(page, username, password);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('[data-view="/home"]')).toBeVisible();
}
