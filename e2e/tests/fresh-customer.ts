import { expect, type Browser, type Page } from './fixtures';
import { APP, fillLogin, loginButton, openLogin } from './login-page';

/**
 * A customer enterprise of its own for a test that must not disturb the demo seats others use
 * (an urgent notice, say): staff add it with its administrator on `staff` (signed in as admin),
 * who then logs in, in a browser context of their own, through the forced password change.
 */
export async function freshCustomer(staff: Page, browser: Browser, tag: string) {
  const stamp = String(Date.now());
  const enterpriseNo = `6${stamp.slice(-9)}`;
  const enterpriseName = `${tag}${stamp.slice(-6)}`;
  const username = `fc${stamp}`;
  await staff.goto(`${APP}/system/enterpriseManagement/index`);
  const view = staff.locator('[data-view="/system/enterpriseManagement/index"]');
  await view.getByRole('button', { name: /新增企业/ }).click();
  const dialog = staff.getByRole('dialog', { name: '新增企业' });
  await dialog.getByLabel('企业编号').fill(enterpriseNo);
  await dialog.getByLabel('企业名称').fill(enterpriseName);
  await dialog.getByLabel('企业类型').click();
  await staff.locator('.ant-select-item-option', { hasText: '基金管理人' }).first().click();
  await dialog.getByLabel('管理员用户名').fill(username);
  await dialog.getByLabel('管理员姓名').fill('林清');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const shown = staff.getByRole('dialog').filter({ hasText: '企业已创建' });
  const oneTime = (await shown.locator('[data-one-time-password]').innerText()).trim();
  await staff.getByRole('button', { name: '我已记下' }).click();

  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openLogin(page);
  await fillLogin(page, username, oneTime);
  await loginButton(page).click();
  const change = page.getByRole('dialog', { name: '修改密码' });
  await change.getByLabel('原密码').pressSequentially(oneTime);
  await change.getByLabel('新密码').pressSequentially('Chosen2024');
  await change.getByLabel('确认密码').pressSequentially('Chosen2024');
  await change.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText('修改密码成功，请用新密码登陆！')).toBeVisible();
  await fillLogin(page, username, 'Chosen2024');
  await loginButton(page).click();
  await expect(page).toHaveURL(`${APP}/home`);
  return { enterpriseNo, enterpriseName, username, context, page };
}
