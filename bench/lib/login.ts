import type { Page } from 'playwright-core';

/** Opens the real login page and fills its form; the server runs with TEST_CAPTCHA=ABCDE. Answers the 登录 button. */
export async function fillLogin(page: Page, origin: string, username: string, password: string) {
  await page.goto(`${origin}/zctgdzhwy/login`);
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).pressSequentially(password);
  await page.getByPlaceholder('请输入验证码').fill('ABCDE');
  return page.getByRole('button', { name: /^登\s*录$/ });
}

/** Logs in through the real login page; the server runs with TEST_CAPTCHA=ABCDE. */
export async function loginAs(page: Page, origin: string, username: string, password: string) {
  await (await fillLogin(page, origin, username, password)).click();
  await page.waitForURL(/\/home$/);
}

/** Server settings for benchmarks that log in. */
export const LOGIN_ENV = { TEST_CAPTCHA: 'ABCDE', LOGIN_RATE_LIMIT: '1000', LOGIN_USERNAME_LIMIT: '1000' };
