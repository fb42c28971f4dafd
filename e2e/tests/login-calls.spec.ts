import { expect, test, type Page } from './fixtures';
import { APP, CAPTCHA, captchaInput, fillLogin, signIn, loginButton, openLogin, passwordInput } from './login-page';

// Issue 22 in Chromium: the attempts left after a wrong password, the products on the customer
// home (productGroup/initUserProductsLinks) and the passwordModification route.

const SHOTS = '../docs/screenshots';
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test('a wrong password says how many attempts are left, the same for a name that is no user', async ({ page }) => {
  await openLogin(page);
  await fillLogin(page, 'zhouyang', 'Wrong1234');
  await loginButton(page).click();
  await expect(toast(page, '用户名或密码错误，还可尝试4次')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calls-login-attempts-left.png` });

  await page.getByLabel('用户名', { exact: true }).fill('no.such.person');
  await passwordInput(page).clear();
  await passwordInput(page).pressSequentially('Wrong1234');
  await captchaInput(page).fill(CAPTCHA);
  // The first answer's toast gone, so the one below is the second answer's.
  await expect(toast(page, '用户名或密码错误，还可尝试4次')).toBeHidden();
  await loginButton(page).click();
  await expect(toast(page, '用户名或密码错误，还可尝试4次')).toBeVisible();

  // The right password resets the count.
  await passwordInput(page).clear();
  await page.getByLabel('用户名', { exact: true }).fill('zhouyang');
  await passwordInput(page).pressSequentially('Demo1234');
  await captchaInput(page).fill(CAPTCHA);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/home$/);
});

for (const width of [1280, 390]) {
  test(`the customer home lists the seat's products with links to what it may do (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'demo', 'Demo1234');
    const products = page.getByTestId('user-products');
    await expect(products).toBeVisible();
    await expect(products.getByText(/^\d+个账户$/).first()).toBeVisible();
    // demo enters instructions on its accounts.
    await expect(products.getByRole('link', { name: '指令录入' }).first()).toBeVisible();
    await expect(products.getByRole('link', { name: '指令复核' })).toHaveCount(0);
    const box = await products.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await products.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calls-home-products-${width}.png` });
    await products.getByRole('link', { name: '指令录入' }).first().click();
    await expect(page).toHaveURL(/\/instructionManagement\/instructionEntry\/index$/);
  });
}

test('bank staff see no product list on their home', async ({ page }) => {
  await signIn(page, 'admin', 'Admin1234');
  await expect(page.locator('[data-audience="staff"]')).toBeVisible();
  await expect(page.getByTestId('user-products')).toHaveCount(0);
});

test('/passwordModification opens the password change as a console tab; without a session it goes to login', async ({ page }) => {
  await page.goto(`${APP}/passwordModification`);
  await expect(page).toHaveURL(/\/login\?redirect=%2FpasswordModification$/);
  await fillLogin(page, 'demo', 'Demo1234');
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/passwordModification$/);
  await expect(page.locator('.ant-tabs-tab', { hasText: '修改密码' })).toBeVisible();
  const view = page.locator('[data-view="/passwordModification"]');
  await expect(view.getByText('原密码', { exact: true })).toBeVisible();
  await view.getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(toast(page, '验证不通过！')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calls-password-modification.png` });
});
