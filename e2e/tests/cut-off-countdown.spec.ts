import { BUSINESS_TODAY, atBusinessTime, businessTimeAt } from './business-day';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login } from './login-page';
import { instructionAccounts, masked, seatAccounts } from './seeded-accounts';

// "Will this make today?": the demo maker enters an instruction at 14:20 and sees the time left to
// its 15:00 cut-off tick, with who still has to act; 李静 (checker), the reviewer it reaches, is
// told at once and sees it at the top of her home and her list; at 15:30 it reads 已过截止. The
// server's clock is the test's (X-Test-Clock, TEST_CLOCK), which the countdowns run on.

test.use({ viewport: { width: 1440, height: 900 } });

const ENTRY = '/instructionManagement/instructionEntry/index';
const REVIEW = '/instructionManagement/instructionReview/index';
const taken = new Set(instructionAccounts().map((a) => a.accountNo));
/** A CNY account the maker enters on and 李静 reviews, without a third party; cut-offs.spec takes the last such. */
const payer = seatAccounts('U100000101')
  .filter((a) => a.currency === 'CNY' && a.thirdParty === null && a.seats.has('U100000102') && !taken.has(a.accountNo))
  .at(-2)!;

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const row = (region: Locator, instructionNo: string) => region.locator('tr', { hasText: instructionNo });

async function enterAndSubmit(page: Page, payee: string) {
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增指令' });
  await expect(dialog.getByLabel('起息日')).toHaveValue(BUSINESS_TODAY);
  // The form counts down to the offered date's cut-off too.
  await expect(dialog.getByTestId('countdown')).toHaveText(/^剩余 00:(40:00|39:[0-5]\d)$/);
  await dialog.getByRole('combobox', { name: /付款账户/ }).fill(payer.accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(payer.accountNo) }).first().click();
  await dialog.getByRole('textbox', { name: '* 金额 :' }).fill('56.78');
  await dialog.getByLabel('收款人名称').fill(payee);
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('用途').fill('支付赎回款');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const submitted = page.locator('.ant-message').getByText(/指令 ZL\d+ 已提交复核/);
  await expect(submitted).toBeVisible({ timeout: 15_000 });
  return /ZL\d+/.exec((await submitted.textContent()) ?? '')![0];
}

test('a maker before the cut-off sees the time left and who still acts, the reviewer is nudged, and after the cut-off it reads 已过截止', async ({ page, browser }) => {
  // Two logins and two browsers on a shared machine.
  test.setTimeout(150_000);
  const payee = `倒计时测试${Date.now() % 1_000_000}`;
  // 李静 first, in a browser of her own at 14:20, her console's event stream open.
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 }, extraHTTPHeaders: atBusinessTime(businessTimeAt('14:20')) });
  const reviewer = await context.newPage();
  const streaming = reviewer.waitForRequest((req) => req.url().includes('/events/stream'));
  await login(reviewer, 'checker', 'Demo1234');
  await streaming;

  await page.setExtraHTTPHeaders(atBusinessTime(businessTimeAt('14:20')));
  await login(page, 'demo', 'Demo1234');
  const instructionNo = await enterAndSubmit(page, payee);

  // The maker's list: forty minutes left, ticking, and the steps still to come.
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  const countdown = row(mine, instructionNo).getByTestId('countdown');
  await expect(countdown).toHaveText(/^剩余 00:(40:00|39:[0-5]\d)$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  await expect(row(mine, instructionNo).getByTestId('remaining-steps')).toHaveText('尚需：复核 → 托管行审核 → 执行');
  // The detail drawer says the same.
  await row(mine, instructionNo).getByRole('button', { name: instructionNo }).click();
  const drawer = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  await expect(drawer.getByTestId('countdown')).toHaveText(/^剩余 00:(40:00|39:[0-5]\d)$/);
  await expect(drawer.getByTestId('remaining-steps')).toHaveText('尚需：复核 → 托管行审核 → 执行');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 李静 is told it reached her with forty minutes left; her home counts it at risk.
  const nudge = reviewer.locator('.ant-notification-notice', { hasText: instructionNo });
  await expect(nudge).toContainText('指令临近截止');
  await expect(nudge).toContainText(`指令${instructionNo}已到您处，距截止时间还剩40分钟，请尽快处理`);
  const atRisk = reviewer.locator('[data-field="atRiskCount"]');
  await expect(atRisk).toBeVisible();
  expect(Number(await atRisk.locator('.ant-badge').textContent())).toBeGreaterThanOrEqual(1);
  await reviewer.screenshot({ path: '../docs/screenshots/cutoff-home-nudge.png' });
  await reviewer.goto(`${APP}${REVIEW}`);
  const theirs = view(reviewer, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await expect(row(theirs, instructionNo).getByTestId('countdown')).toHaveText(/^剩余 00:(40:00|39:[0-5]\d)$/, { timeout: 15_000 });
  await expect(row(theirs, instructionNo).getByTestId('remaining-steps')).toHaveText('尚需：复核 → 托管行审核 → 执行');
  await reviewer.screenshot({ path: '../docs/screenshots/cutoff-review-countdown.png' });
  // On a phone the countdown stands under the amount in the one summary column.
  await reviewer.setViewportSize({ width: 390, height: 844 });
  await expect(row(theirs, instructionNo).getByTestId('countdown')).toBeVisible();
  await reviewer.screenshot({ path: '../docs/screenshots/cutoff-review-countdown-phone.png' });
  await reviewer.goto(`${APP}/home`);
  await expect(reviewer.locator('[data-field="atRiskCount"]')).toBeVisible();
  await reviewer.screenshot({ path: '../docs/screenshots/cutoff-home-phone.png' });
  await context.close();

  // Half past three: the cut-off has passed; only the maker can go on, by re-dating or revoking.
  await page.setExtraHTTPHeaders(atBusinessTime(businessTimeAt('15:30')));
  await page.reload();
  await expect(row(mine, instructionNo).getByTestId('countdown')).toHaveText('已过截止', { timeout: 15_000 });
  await expect(row(mine, instructionNo).getByTestId('remaining-steps')).toHaveText('尚需：经办人修改起息日或撤销');
});
