import { expect, test, type Page } from './fixtures';
import { APP, fillLogin, signIn, loginButton, openLogin, passwordInput } from './login-page';

// Staff administration in Chromium against the real server: 企业管理 adds an enterprise with its
// first administrator, whose one-time password works exactly once, through the forced change;
// 用户管理 adds a user, resets the password and deletes the seat.

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text, { exact: true });
const pickOption = async (page: Page, text: string) => page.locator('.ant-select-item-option', { hasText: text }).first().click();

/** Reads the one-time password from its dialog, then closes it with 我已记下. */
async function takeOneTimePassword(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('该密码仅显示这一次，请妥善转交用户；用户首次登录时须修改密码。')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '复制' })).toBeVisible();
  const password = (await dialog.locator('[data-one-time-password]').innerText()).trim();
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  return password;
}

/** The table's data rows (not the header). */
const dataRows = (view: ReturnType<Page['locator']>) => view.locator('.ant-table-tbody tr.ant-table-row');

const closeOneTimePassword = (page: Page) => page.getByRole('button', { name: '我已记下' }).click();

test('staff add an enterprise with its administrator, who logs in with the one-time password and must change it', async ({ page, browser }) => {
  const stamp = String(Date.now());
  const enterpriseNo = `7${stamp.slice(-9)}`;
  const enterpriseName = `测试资管${stamp.slice(-6)}`;
  const adminUsername = `ea${stamp}`;

  // Wide enough for every column in the screenshots.
  await page.setViewportSize({ width: 1440, height: 760 });
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(`${APP}/system/enterpriseManagement/index`);
  const view = page.locator('[data-view="/system/enterpriseManagement/index"]');
  await expect(view.getByRole('button', { name: /新增企业/ })).toBeVisible();
  // The bank's own enterprise is fixed: no buttons on its row.
  const bankRow = view.getByRole('row').filter({ hasText: '9000000001' });
  await expect(bankRow).toContainText('银行');
  await expect(bankRow.getByRole('button')).toHaveCount(0);

  await view.getByRole('button', { name: /新增企业/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增企业' });
  // The contract's own messages, before anything is sent.
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入企业编号')).toBeVisible();
  await dialog.getByLabel('企业编号').fill('12345');
  await expect(dialog.getByText('企业编号须为10位数字')).toBeVisible();
  await dialog.getByLabel('管理员用户名').fill('9abc');
  await expect(dialog.getByText('用户名须以字母开头，3到32位字母、数字、_ . -')).toBeVisible();

  await dialog.getByLabel('企业编号').fill(enterpriseNo);
  await dialog.getByLabel('企业名称').fill(enterpriseName);
  await dialog.getByLabel('企业类型').click();
  await pickOption(page, '基金管理人');
  await dialog.getByLabel('管理员用户名').fill(adminUsername);
  await dialog.getByLabel('管理员姓名').fill('赵敏');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();

  const password = await takeOneTimePassword(page, '企业已创建');
  await page.screenshot({ path: 'test-results/screens/one-time-password.png' });
  await closeOneTimePassword(page);
  const row = view.getByRole('row').filter({ hasText: enterpriseNo });
  await expect(row).toContainText(enterpriseName);
  await expect(row).toContainText('基金管理人');
  await expect(row).toContainText('启用');
  // With its administrator's seat it can be disabled, not deleted.
  await expect(row.getByRole('button', { name: '停用' })).toBeVisible();
  await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/enterprise-admin.png' });

  await page.goto(`${APP}/system/userManagement/index`);
  const users = page.locator('[data-view="/system/userManagement/index"]');
  await users.getByLabel('用户名').fill(adminUsername);
  await expect(dataRows(users)).toHaveCount(1);
  const adminRow = users.getByRole('row').filter({ hasText: adminUsername });
  await expect(adminRow).toContainText(enterpriseName);
  await expect(adminRow).toContainText('待首次修改');

  // The administrator, in a browser of their own.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await openLogin(fresh);
  await fillLogin(fresh, adminUsername, password);
  await loginButton(fresh).click();
  const change = fresh.getByRole('dialog', { name: '修改密码' });
  await expect(change.getByText('首次登录或密码已过期，请修改密码')).toBeVisible();
  await change.getByLabel('原密码').pressSequentially(password);
  await change.getByLabel('新密码').pressSequentially('Chosen2024');
  await change.getByLabel('确认密码').pressSequentially('Chosen2024');
  await change.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(fresh, '修改密码成功，请用新密码登陆！')).toBeVisible();
  await expect(passwordInput(fresh)).toHaveValue('');
  await fillLogin(fresh, adminUsername, 'Chosen2024');
  await loginButton(fresh).click();
  await expect(fresh).toHaveURL(`${APP}/home`);
  await context.close();

  // 修改: the number is fixed, the name changes.
  await page.goto(`${APP}/system/enterpriseManagement/index`);
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改企业' });
  await expect(edit.getByLabel('企业编号')).toBeDisabled();
  await edit.getByLabel('企业名称').fill(`${enterpriseName}（改）`);
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '企业已修改')).toBeVisible();
  await expect(row).toContainText(`${enterpriseName}（改）`);

  // Disabling asks first and shows in the list; enabling brings it back.
  await row.getByRole('button', { name: '停用' }).click();
  const confirm = page.getByRole('dialog', { name: '确认停用' });
  await expect(confirm).toContainText(`停用后“${enterpriseName}（改）”的用户不能再登录`);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '企业已停用')).toBeVisible();
  await expect(row.getByRole('cell', { name: '停用', exact: true })).toBeVisible();
  await row.getByRole('button', { name: '启用' }).click();
  await page.getByRole('dialog', { name: '确认启用' }).getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '企业已启用')).toBeVisible();
  await expect(row.getByRole('button', { name: '停用' })).toBeVisible();
});

test('staff add a user with a role, reset the password and delete the seat', async ({ page }) => {
  const username = `u${Date.now()}`;
  await page.setViewportSize({ width: 1440, height: 760 });
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(`${APP}/system/userManagement/index`);
  const view = page.locator('[data-view="/system/userManagement/index"]');

  await view.getByRole('button', { name: /新增用户/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('用户姓名').fill('孙悦');
  await dialog.getByLabel('所属企业').click();
  await pickOption(page, '1000000001');
  await dialog.getByLabel('角色').click();
  await pickOption(page, '经办员');
  await dialog.getByLabel('手机号').fill('12');
  await expect(dialog.getByText('手机号须为以1开头的11位数字')).toBeVisible();
  await dialog.getByLabel('手机号').fill('13911112222');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const first = await takeOneTimePassword(page, '用户已创建');
  await closeOneTimePassword(page);

  await view.getByLabel('用户名').fill(username);
  await expect(dataRows(view)).toHaveCount(1);
  const row = view.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('经办员');
  await expect(row).toContainText('待首次修改');
  // The list without the filter, for the screenshot: staff cannot reset or delete themselves.
  await view.getByRole('button', { name: /^重\s*置$/ }).click();
  await expect(dataRows(view).nth(1)).toBeVisible();
  await expect(view.getByRole('row').filter({ hasText: 'S900000001' }).getByRole('button', { name: '删除' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/user-admin.png' });

  await view.getByLabel('用户名').fill(username);
  await expect(dataRows(view)).toHaveCount(1);
  // 修改: name and the seat's roles (customer roles only for a customer seat).
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: `修改用户：${username}` });
  await edit.getByLabel('用户姓名').fill('孙悦然');
  await edit.getByLabel(/U\d{9}）的角色$/).click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'API网关管理员' })).toHaveCount(0);
  await pickOption(page, '复核员');
  // A multiple select stays open after a choice; a click elsewhere closes it.
  await edit.getByText(`修改用户：${username}`).click();
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '用户已修改')).toBeVisible();
  await expect(row).toContainText('孙悦然');
  await expect(row).toContainText('复核员');

  await row.getByRole('button', { name: '重置密码' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  const second = await takeOneTimePassword(page, '密码已重置');
  expect(second).not.toBe(first);
  await closeOneTimePassword(page);

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '用户号已删除，该用户已无其他用户号，一并删除')).toBeVisible();
  await expect(view.getByRole('row').filter({ hasText: username })).toHaveCount(0);
});
