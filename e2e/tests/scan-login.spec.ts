import { expect, test, type Browser, type Page } from './fixtures';
import { APP, fillLogin, loginButton } from './login-page';
import { deviceKey } from './device-key';

// Scan-code login (spec §1, §4; issue 15): a desktop login page and a phone-sized page in two
// browser contexts, as two devices would be.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The desktop's login page on its 扫码登录 tab; answers the QR code's address and the number shown under it. */
async function desktopScanPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${APP}/login`);
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const qr = page.getByRole('img', { name: '扫码登录二维码' });
  await expect(qr).toBeVisible();
  const url = (await qr.getAttribute('data-scan-url'))!;
  expect(url).toMatch(/\/zctgdzhwy\/scan\?t=[A-Za-z0-9_-]{43}$/);
  const number = (await page.getByRole('status', { name: '登录验证数字' }).getAttribute('data-scan-number'))!;
  expect(number).toMatch(/^[1-9][0-9]$/);
  return { context, page, url, number };
}

/** A phone that opens the QR code's address and logs in there (a mobile login). */
async function phoneLogsIn(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page).toHaveURL(/\/login\?channel=mobile&redirect=/);
  await fillLogin(page, 'demo', 'Demo1234');
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/scan\?t=/);
  return { context, page };
}

/** … and sees who asks. */
async function phoneOpens(browser: Browser, url: string) {
  const phone = await phoneLogsIn(browser, url);
  await expectConfirmation(phone.page);
  return phone;
}

/** Who asks, in words: the desktop's browser and system, its address (an internal one here), and three numbers. */
async function expectConfirmation(page: Page) {
  await expect(page.getByText('扫码登录确认')).toBeVisible();
  await expect(page.locator('[data-scan-ua]')).toContainText('Mozilla');
  const details = page.locator('.ant-descriptions');
  await expect(details.getByText(/^Linux 上的 Chrome 浏览器$/)).toBeVisible();
  await expect(details.getByText('127.0.0.1（内网地址）')).toBeVisible();
  await expect(page.getByText(/Linux 上的 Chrome 浏览器，内网地址 127\.0\.0\.1，刚刚发起登录/)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('button', { name: '确认登录' })).toBeDisabled();
}

/** Taps one of the phone page's numbers (antd hides the radio input inside its label). */
const pick = (page: Page, number: string) => page.locator('label').filter({ has: page.getByRole('radio', { name: number, exact: true }) }).click();

/** Picks a number on the phone's page and confirms. */
async function confirmWith(page: Page, number: string) {
  await pick(page, number);
  await page.getByRole('button', { name: '确认登录' }).click();
}

test('scan login end to end: the phone confirms, the desktop is logged in within moments and can sign; the phone stays logged in', async ({ browser }) => {
  const desktop = await desktopScanPage(browser);
  const phone = await phoneOpens(browser, desktop.url);

  await confirmWith(phone.page, desktop.number);
  await expect(phone.page.getByText('已确认登录')).toBeVisible();
  const confirmedAt = Date.now();
  await expect(desktop.page).toHaveURL(/\/home$/, { timeout: 5_000 });
  await expect(desktop.page.locator('[data-view="/home"]')).toBeVisible();
  expect(Date.now() - confirmedAt).toBeLessThan(5_000);
  await desktop.page.screenshot({ path: '../docs/screenshots/scan-login-home.png' });

  // A signed step from the scanned-in session: it answers another scan ticket, signed by this
  // browser's device key (the key its QR ticket presented).
  expect(await deviceKey(desktop.page)).toBeDefined();
  const other = await desktopScanPage(browser);
  await desktop.page.goto(other.url);
  await expectConfirmation(desktop.page);
  await desktop.page.getByRole('button', { name: /^拒\s*绝$/ }).click();
  await expect(desktop.page.getByText('已拒绝登录')).toBeVisible();
  await expect(other.page.getByText('已在手机上拒绝本次登录')).toBeVisible();

  // The phone's own session lives on beside the desktop's (one session per seat and channel).
  await phone.page.goto(`${APP}/home`);
  await expect(phone.page.locator('[data-view="/home"]')).toBeVisible();

  await Promise.all([desktop.context.close(), phone.context.close(), other.context.close()]);
});

test('a denied ticket says so on the desktop and offers a new QR code', async ({ browser }) => {
  const desktop = await desktopScanPage(browser);
  const phone = await phoneOpens(browser, desktop.url);
  await pick(phone.page, desktop.number);
  await expect(phone.page.getByRole('radio', { name: desktop.number, exact: true })).toBeChecked();
  await phone.page.screenshot({ path: '../docs/screenshots/scan-login-phone.png', fullPage: true });
  await phone.page.getByRole('button', { name: /^拒\s*绝$/ }).click();
  await expect(phone.page.getByText('已拒绝登录')).toBeVisible();
  await expect(desktop.page.getByText('已在手机上拒绝本次登录')).toBeVisible({ timeout: 2_000 });
  await expect(desktop.page).toHaveURL(/\/login$/);
  await desktop.page.getByRole('button', { name: '刷新二维码' }).click();
  await expect(desktop.page.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
  await Promise.all([desktop.context.close(), phone.context.close()]);
});

test('number matching: a number other than the desktop\'s denies the scan on both sides', async ({ browser }) => {
  const desktop = await desktopScanPage(browser);
  const phone = await phoneOpens(browser, desktop.url);
  const numbers = await phone.page.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
  expect(numbers).toContain(desktop.number);
  await confirmWith(phone.page, numbers.find((n) => n !== desktop.number)!);
  await expect(phone.page.getByText('所选数字与电脑上显示的不一致，本次登录已拒绝，请在电脑上刷新二维码后重新扫描')).toBeVisible();
  await expect(phone.page.getByRole('button', { name: '确认登录' })).toHaveCount(0);
  await expect(desktop.page.getByText('已在手机上拒绝本次登录')).toBeVisible({ timeout: 2_000 });
  await expect(desktop.page).toHaveURL(/\/login$/);
  await Promise.all([desktop.context.close(), phone.context.close()]);
});

test('an expired ticket: the desktop offers a new code, and the phone is told the QR code is no longer valid', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`${APP}/login`);
  await page.getByRole('tab', { name: '扫码登录' }).click();
  await expect(page.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/scan-login-desktop.png' });
  // While the page waits, a code that runs out is replaced (five in a row); then it says so.
  const qr = page.getByRole('img', { name: '扫码登录二维码' });
  for (let code = 1; code < 5; code += 1) {
    const url = await qr.getAttribute('data-scan-url');
    await page.clock.fastForward(61_000);
    await expect(qr).not.toHaveAttribute('data-scan-url', url!);
  }
  await page.clock.fastForward(61_000);
  await expect(page.getByText('二维码已过期')).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新二维码' })).toBeVisible();

  // A ticket the server no longer holds (spent or expired): the phone is told, and cannot answer.
  const phone = await phoneLogsIn(browser, `${APP}/scan?t=${'A'.repeat(43)}`);
  await expect(phone.page.getByText('二维码已失效，请在电脑上刷新二维码后重新扫描')).toBeVisible();
  await expect(phone.page.getByRole('button', { name: '确认登录' })).toHaveCount(0);
  await Promise.all([context.close(), phone.context.close()]);
});
