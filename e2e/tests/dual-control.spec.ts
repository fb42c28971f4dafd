import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// 系统管理 › 待审批变更 in Chromium against the demo seed: 华夏远航's administrator (qyadmin) made a
// role change that waits for the second administrator (qyapprove); at the bank, admin's change
// enabling a partner feed waits for secadmin. The maker may only withdraw; the other approves
// (signed by the browser's device key) and the change takes effect.

const PENDING = `${APP}/system/pendingChanges/index`;
const view = (page: Page) => page.locator('[data-view="/system/pendingChanges/index"]');
const toast = (page: Page, text: RegExp) => page.locator('.ant-message').getByText(text);

async function openPending(page: Page, username: string, password: string) {
  await signIn(page, username, password);
  await page.goto(PENDING);
  await expect(page).toHaveTitle(/^待审批变更/);
}

/** The maker sees the change with 撤回 only, and the dialog tells them why. */
async function makerCannotApprove(page: Page, summary: RegExp) {
  const row = view(page).getByRole('row').filter({ hasText: summary });
  await expect(row).toContainText('待审批');
  await expect(row.getByRole('button', { name: '审批' })).toHaveCount(0);
  await row.getByRole('button', { name: '撤回' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('这是您提交的变更：须由另一位管理员审批，您只能撤回。')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '审批通过' })).toHaveCount(0);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
}

/** Another administrator opens it, sees before and after, and approves it. */
async function approve(page: Page, summary: RegExp, screenshot?: string) {
  const row = view(page).getByRole('row').filter({ hasText: summary });
  await row.getByRole('button', { name: '审批' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('table', { name: '变更前后对比' })).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot });
  await dialog.getByRole('button', { name: '审批通过' }).click();
  await expect(toast(page, /^已审批通过并生效/)).toBeVisible();
  await expect(view(page).getByRole('row').filter({ hasText: summary })).toContainText('已生效');
}

test('a pending operator change is refused to its maker and applied by the second administrator', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const roleChange = /角色“复核员”的成员改为/;
  await openPending(page, 'qyadmin', 'Demo1234');
  // The history: an approved unlock and a rejected deletion.
  await expect(view(page).getByRole('row').filter({ hasText: '删除操作员 sunli' })).toContainText('已拒绝');
  await makerCannotApprove(page, roleChange);
  await page.screenshot({ path: '/tmp/pw-dualctl-pending.png' });

  const second = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openPending(second, 'qyapprove', 'Demo1234');
  await approve(second, roleChange, '/tmp/pw-dualctl-decide.png');
  await second.close();
});

test('a staff gateway change that loosens a call needs a second staff member', async ({ page, browser }) => {
  const feed = /启用：PARTNER_BOND_QUOTE/;
  await openPending(page, 'admin', 'Admin1234');
  await makerCannotApprove(page, feed);

  const second = await browser.newPage();
  await openPending(second, 'secadmin', 'Admin1234');
  await approve(second, feed);
  await second.close();
});
