import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { APP, fillLogin, signIn, loginButton, openLogin, passwordInput } from './login-page';
import { approvePending, expectHeld, openSecondAdmin } from './pending-changes';

// 系统管理 › 操作员管理 in Chromium against the real server: 华夏远航's enterprise administrator
// (qyadmin) adds operators to its own enterprise, edits them, gives roles through the transfer
// list and deletes them. Each test adds the operators it works on, with names of its own. Every
// such change is held until the enterprise's second administrator (qyapprove) approves it under
// 待审批变更, in a browser of their own; the one-time passwords are handed to that approver.

const OPERATORS = `${APP}/system/operatorManagement/index`;
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text, { exact: true });
const okButton = (scope: Locator) => scope.getByRole('button', { name: /^确\s*定$/ });
const dataRows = (view: Locator) => view.locator('.ant-table-tbody tr.ant-table-row');
const view = (page: Page) => page.locator('[data-view="/system/operatorManagement/index"]');

async function openOperators(page: Page) {
  await signIn(page, 'qyadmin', 'Demo1234');
  await page.goto(OPERATORS);
  await expect(page).toHaveTitle(/^操作员管理/);
  await expect(dataRows(view(page)).first()).toBeVisible();
}

/** The enterprise's second administrator, who approves what qyadmin submits. */
const openApprover = (browser: Browser) => openSecondAdmin(browser, 'qyapprove', 'Demo1234');

/**
 * Adds an operator through 新增操作员: held, then approved by the second administrator, who is
 * shown the one-time password once; answers it.
 */
async function addOperator(page: Page, approver: Page, username: string, nickName: string, roles: string[]): Promise<string> {
  await view(page).getByRole('button', { name: /新增操作员/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增操作员' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('用户姓名').fill(nickName);
  for (const role of roles) await dialog.getByLabel(role, { exact: true }).check();
  await okButton(dialog).click();
  await expectHeld(page);
  await expect(page.getByRole('dialog').filter({ hasText: '操作员已创建' })).toHaveCount(0);
  const password = await approvePending(approver, `新增操作员 ${nickName}（${username}）`, { oneTimePassword: true });
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  await page.reload();
  return password!;
}

async function filterByUsername(page: Page, username: string) {
  // The table searches once typing pauses.
  await view(page).getByLabel('用户名').fill(username);
  await expect(dataRows(view(page))).toHaveCount(1);
  return view(page).getByRole('row').filter({ hasText: username });
}

test('the enterprise administrator adds an operator, who logs in with the one-time password after the forced change', async ({ page, browser }) => {
  const username = `op${Date.now()}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOperators(page);

  // Its own enterprise only: demo's seat here, newuser (中泰安盛) nowhere; demo also works for
  // 东方精密制造, so only the bank resets or unlocks that login.
  const demoRow = view(page).getByRole('row').filter({ hasText: 'U100000101' });
  await expect(demoRow).toContainText('多企业');
  await expect(demoRow.getByRole('button', { name: '修改' })).toBeVisible();
  await expect(demoRow.getByRole('button', { name: '重置密码' })).toHaveCount(0);
  await expect(view(page).getByRole('row').filter({ hasText: 'newuser' })).toHaveCount(0);
  // No buttons that would act on oneself but 修改.
  const ownRow = view(page).getByRole('row').filter({ hasText: 'qyadmin' });
  await expect(ownRow.getByRole('button', { name: '删除' })).toHaveCount(0);

  // The contract's own messages, before anything is sent.
  await view(page).getByRole('button', { name: /新增操作员/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增操作员' });
  await expect(dialog.getByLabel('API网关管理员')).toHaveCount(0);
  await okButton(dialog).click();
  await expect(dialog.getByText('用户名不能为空！')).toBeVisible();
  await dialog.getByLabel('用户名').fill('9abc');
  await dialog.getByLabel('用户姓名').click();
  await expect(dialog.getByText('用户名须以字母开头，3到32位字母、数字、_ . -')).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/smaller-operator-add-cancel.png' });
  // 取消 closes the dialog as Escape does, adding nobody.
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(dialog).toHaveCount(0);

  const approver = await openApprover(browser);
  const password = await addOperator(page, approver, username, '钱程', ['经办员', '第三方确认员']);
  await approver.close();
  const row = await filterByUsername(page, username);
  await expect(row).toContainText('钱程');
  await expect(row).toContainText('经办员');
  await expect(row).toContainText('第三方确认员');
  await expect(row).toContainText('待首次修改');

  // The whole list for the screenshot, with the menu leaf in sight.
  await view(page).getByLabel('用户名').fill('');
  await expect(dataRows(view(page)).nth(5)).toBeVisible();
  // The page was opened by its address: the sidebar has opened its group by itself.
  await expect(page.locator('.ant-layout-sider').getByText('操作员管理', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/operator-admin.png' });

  // The operator, in a browser of their own: the forced change, then the new password.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const fresh = await context.newPage();
  await openLogin(fresh);
  await fillLogin(fresh, username, password);
  await loginButton(fresh).click();
  const change = fresh.getByRole('dialog', { name: '修改密码' });
  await expect(change.getByText('首次登录或密码已过期，请修改密码')).toBeVisible();
  await change.getByLabel('原密码').pressSequentially(password);
  await change.getByLabel('新密码').pressSequentially('Qian2024ok');
  await change.getByLabel('确认密码').pressSequentially('Qian2024ok');
  await okButton(change).click();
  await expect(toast(fresh, '修改密码成功，请用新密码登陆！')).toBeVisible();
  await expect(passwordInput(fresh)).toHaveValue('');
  await fillLogin(fresh, username, 'Qian2024ok');
  await loginButton(fresh).click();
  await expect(fresh).toHaveURL(`${APP}/home`);
  // A maker: no operator administration.
  const sider = fresh.locator('.ant-layout-sider');
  await sider.getByText('系统管理', { exact: true }).click();
  await expect(sider.getByText('账户管理', { exact: true })).toBeVisible();
  await expect(sider.getByText('操作员管理', { exact: true })).toHaveCount(0);
  await context.close();
});

test('the enterprise administrator edits an operator, gives a role through the transfer list, resets the password and deletes the operator', async ({ page, browser }) => {
  const username = `op${Date.now()}`;
  await openOperators(page);
  const approver = await openApprover(browser);
  await addOperator(page, approver, username, '孙悦', ['经办员']);
  const row = await filterByUsername(page, username);
  const userNo = (await row.locator('td').filter({ hasText: /^U\d{9}$/ }).innerText()).trim();

  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: `修改操作员：${username}` });
  await expect(edit.getByLabel('用户名')).toBeDisabled();
  await edit.getByLabel('用户姓名').fill('孙悦然');
  await edit.getByLabel('手机号').fill('12');
  await edit.getByLabel('邮箱').click();
  await expect(edit.getByText('手机号须为以1开头的11位数字')).toBeVisible();
  await edit.getByLabel('手机号').fill('13911112222');
  await edit.getByLabel('复核员', { exact: true }).check();
  await page.screenshot({ path: 'test-results/screens/operator-edit.png' });
  await okButton(edit).click();
  await expectHeld(page);
  await expect(row).toContainText('孙悦');
  await expect(row).not.toContainText('孙悦然');
  await approvePending(approver, `修改操作员 孙悦然（${username}）`);
  await page.reload();
  await filterByUsername(page, username);
  await expect(row).toContainText('孙悦然');
  await expect(row).toContainText('复核员');
  // The phone number, masked, has its column from 1600 px.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(row).toContainText('139****2222');
  await page.setViewportSize({ width: 1280, height: 720 });

  // 角色分配: the enterprise's operators only, its administrator not among them.
  await view(page).getByRole('button', { name: /角色分配/ }).click();
  const roles = page.getByRole('dialog', { name: '角色分配' });
  await roles.getByRole('combobox', { name: '角色' }).click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'API网关管理员' })).toHaveCount(0);
  await page.locator('.ant-select-item-option', { hasText: '第三方确认复核员' }).click();
  const left = roles.getByRole('region', { name: '未分配用户列表' });
  await expect(left.locator('.ant-table-row[data-row-key="U100000103"]')).toHaveCount(0);
  await expect(left.locator('.ant-table-row[data-row-key="U100000201"]')).toHaveCount(0);
  await left.getByLabel('未分配用户列表搜索').fill(userNo);
  await left.getByRole('checkbox', { name: `选择 ${userNo}` }).check();
  await roles.getByRole('button', { name: '加入右侧' }).click();
  await expect(roles.getByText('未保存：加入 1 个，移出 0 个')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/operator-roles.png' });
  await roles.getByRole('button', { name: /^保\s*存$/ }).click();
  await expectHeld(page);
  await roles.getByRole('button', { name: /^关\s+闭$/ }).click();
  await expect(row).not.toContainText('第三方确认复核员');
  await approvePending(approver, /角色“第三方确认复核员”的成员改为/);
  await page.reload();
  await filterByUsername(page, username);
  await expect(row).toContainText('第三方确认复核员');

  await row.getByRole('button', { name: '重置密码' }).click();
  await okButton(page.getByRole('dialog', { name: '确认重置密码' })).click();
  await expectHeld(page);
  await expect(page.getByRole('dialog').filter({ hasText: '密码已重置' })).toHaveCount(0);
  expect(await approvePending(approver, `重置操作员 ${username} 的密码（一次性密码交审批人）`, { oneTimePassword: true })).toMatch(/^[A-Za-z0-9]{10}$/);

  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: '确认删除' });
  await expect(confirm).toContainText('其登录账号将一并删除');
  await okButton(confirm).click();
  await expectHeld(page);
  await expect(row).toBeVisible();
  await approvePending(approver, `删除操作员 ${username}（${userNo}）`);
  await approver.close();
  // Gone: the list, once loaded, finds nobody by that name.
  await page.reload();
  await expect(dataRows(view(page)).first()).toBeVisible();
  await view(page).getByLabel('用户名').fill(username);
  await expect(dataRows(view(page))).toHaveCount(0);
});
