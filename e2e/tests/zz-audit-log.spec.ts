import { existsSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, issuedTokensFile, test, type Page } from './fixtures';
import { APP, CAPTCHA, fillLogin, login, signIn, loginButton, openLogin } from './login-page';

// Named to run last (files run in name order, one worker): the log then holds what every
// browser suite before it did. Also the password change from the top bar, which ends sessions.

const SCREENS = '../docs/screenshots';
/** Every demo password and the ones the suites change to (login.spec's and fresh-customer's forced changes, this file's). */
const PASSWORDS = ['Wrong2026x', 'Demo1234', 'Admin1234', 'Init1234', 'Newpass123', 'Chosen2024', 'Zt2026abc'];

const userMenu = async (page: Page, nickName: string) => page.getByRole('button', { name: new RegExp(nickName) }).hover();

test('修改密码 from the top bar: Escape and the mask do not close it, 取消 does, a change ends the other sessions', async ({ page, browser }) => {
  const other = await browser.newPage();
  await login(other, 'ztreview', 'Demo1234');
  await login(page, 'ztreview', 'Demo1234');
  await userMenu(page, '陈雪');
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确 认' }).click();
  await expect(page.locator('.ant-message')).toContainText('验证不通过！');
  await dialog.getByRole('button', { name: '取 消' }).click();
  await expect(dialog).toBeHidden();

  await userMenu(page, '陈雪');
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await dialog.getByLabel('原密码').pressSequentially('Demo1234');
  await dialog.getByLabel('新密码').pressSequentially('Zt2026abc');
  await dialog.getByLabel('确认密码').pressSequentially('Zt2026abc');
  await page.screenshot({ path: `${SCREENS}/change-password.png` });
  await dialog.getByRole('button', { name: '确 认' }).click();
  await expect(page.locator('.ant-message')).toContainText('修改密码成功!');
  await expect(dialog).toBeHidden();
  // This session goes on; the other one has ended.
  await page.reload();
  await expect(page.locator('[data-view="/home"]')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await other.close();
});

test('操作日志: staff see every enterprise, filter by result, and the whole log holds no password, token or captcha answer', async ({ page }, testInfo) => {
  // A refused login, so the log has a failure with its reason.
  await openLogin(page);
  await fillLogin(page, 'tpconfirm', 'Wrong2026x');
  await loginButton(page).click();
  await expect(page.locator('.ant-message')).toContainText('用户名或密码错误');
  await signIn(page, 'admin', 'Admin1234');
  await page.locator('.ant-layout-sider').getByText('系统管理').click();
  await page.locator('.ant-layout-sider').getByText('操作日志').click();
  const view = page.locator('[data-view="/system/auditLog/index"]');
  await expect(view.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(view.locator('tbody')).toContainText('登录');
  await expect(view.locator('tbody')).toContainText('资产托管');
  await page.screenshot({ path: `${SCREENS}/audit-log.png` });

  await view.getByLabel('结果').click();
  await page.getByTitle('失败').click();
  await view.getByRole('button', { name: /查\s*询/ }).click();
  await expect(view.locator('tbody tr.ant-table-row').first()).toContainText('失败');
  await expect(view.locator('tbody')).not.toContainText('成功');
  await view.getByRole('button', { name: /重\s*置/ }).click();

  // The whole log, as the export gives it.
  const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: /导\s*出/ }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.actualRowCount).toBeGreaterThan(3);
  const cells: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value ?? ''))));
  const text = cells.join('\n');
  const tokens = existsSync(issuedTokensFile(testInfo)) ? readFileSync(issuedTokensFile(testInfo), 'utf8').split('\n').filter(Boolean) : [];
  expect(tokens.length).toBeGreaterThan(0);
  for (const secret of [...PASSWORDS, CAPTCHA, ...new Set(tokens)]) expect(text.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
});

test('操作日志: an enterprise administrator sees its own enterprise only', async ({ page }) => {
  await signIn(page, 'qyadmin', 'Demo1234');
  await page.goto(`${APP}/system/auditLog/index`);
  const view = page.locator('[data-view="/system/auditLog/index"]');
  // The log holds the whole suite's writes by now: its first page may take a while.
  await expect(view.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  const enterprises = await view.locator('tbody tr.ant-table-row td:nth-child(4)').allTextContents();
  expect(new Set(enterprises)).toEqual(new Set(['华夏远航基金管理有限公司（1000000001）']));
});
