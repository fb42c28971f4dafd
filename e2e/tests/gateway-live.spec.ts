import { expect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { approvePending, expectHeld, openSecondAdmin } from './pending-changes';

// What staff set in API管理 is what a customer's open browser meets on its next call: a disabled
// operation is refused and works again once re-enabled; an operation switched to encrypted is
// sealed from the next call on, without a reload (the client notices its API list is stale).
// Loosening a call (re-enabling it, taking encryption off) takes effect once a second staff
// member (secadmin) approves it under 待审批变更.

const API_MANAGEMENT = `${APP}/gateway/apiManagement/index`;

const button = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) });

async function staffPage(page: Page) {
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(API_MANAGEMENT);
  const table = page.getByRole('region', { name: 'API列表' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  return table;
}

/**
 * Selects the one row of `code` and sets a flag with a batch menu; `state` is how the new value
 * reads. A loosening change is held: `approver` (secadmin's page) approves it by its summary.
 */
async function setFlag(page: Page, table: Locator, code: string, menu: string, choice: string, state: string, held?: { approver: Page; summary: string }) {
  await table.getByLabel('接口编码').fill(code);
  await button(table, '查询').click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  await button(page.getByRole('dialog', { name: menu }), '确定').click();
  if (held) {
    await expectHeld(page);
    await approvePending(held.approver, held.summary);
  } else {
    await expect(page.getByText(`已将 1 个接口设为${state}`).last()).toBeVisible();
  }
  await rows.first().getByRole('checkbox').uncheck();
}

test('a customer call staff just disabled is refused in the customer’s browser and works again once re-enabled', async ({ page, browser }) => {
  const table = await staffPage(page);
  const customerContext = await browser.newContext({ reducedMotion: 'reduce' });
  const customer = await customerContext.newPage();
  const approver = await openSecondAdmin(browser, 'secadmin', 'Admin1234');
  try {
    await signIn(customer, 'checker', 'Demo1234');
    await customer.goto(`${APP}/system/personalCenter/index`);
    const save = button(customer, '保存');
    await save.click();
    await expect(customer.getByText('个人信息已保存')).toBeVisible();

    await setFlag(page, table, 'CURRENT_USER_UPDATE', '批量启用/停用', '停用', '停用');
    await save.click();
    await expect(customer.getByText('接口已停用')).toBeVisible();

    await setFlag(page, table, 'CURRENT_USER_UPDATE', '批量启用/停用', '启用', '启用', { approver, summary: '启用：CURRENT_USER_UPDATE' });
    await save.click();
    await expect(customer.getByText('个人信息已保存').last()).toBeVisible();
  } finally {
    await approver.close();
    await customerContext.close();
  }
});

test('an operation switched to encrypted is sealed from the next call on, without a reload', async ({ page, browser }) => {
  const table = await staffPage(page);
  const customerContext = await browser.newContext({ reducedMotion: 'reduce' });
  const customer = await customerContext.newPage();
  const approver = await openSecondAdmin(browser, 'secadmin', 'Admin1234');
  const plainBodies: string[] = [];
  let staleAnswers = 0;
  customer.on('request', (req) => {
    if (req.url().endsWith('/pmobile/base/app/echoPlain')) plainBodies.push(req.postData() ?? '');
  });
  customer.on('response', (res) => {
    if (res.status() === 409) staleAnswers += 1;
  });
  try {
    await customer.goto(`${APP}/diagnostics`);
    const plainChannel = customer.getByRole('row', { name: /明文通道/ });
    await expect(plainChannel).toContainText('正常');
    expect(JSON.parse(plainBodies.at(-1)!)).toHaveProperty('payload');

    await setFlag(page, table, 'PLAIN_ECHO', '批量加密/解密', '加密', '加密');
    plainBodies.length = 0;
    await button(customer, '重新检测').click();
    await expect.poll(() => plainBodies.length).toBeGreaterThanOrEqual(1);
    await expect(plainChannel).toContainText('正常');
    // The first call after the change carried the stale list's version and was refused (409);
    // the client read the list again, so the plain echo now travels sealed.
    expect(staleAnswers).toBeGreaterThanOrEqual(1);
    expect(Object.keys(JSON.parse(plainBodies.at(-1)!))).toEqual(['request']);
  } finally {
    await setFlag(page, table, 'PLAIN_ECHO', '批量加密/解密', '解密', '不加密', { approver, summary: '取消加密：PLAIN_ECHO' }).catch(() => undefined);
    await approver.close();
    await customerContext.close();
  }
});
