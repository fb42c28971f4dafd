import { expect, type Browser, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { HELD_MESSAGE } from '../../packages/shared/src/index';

// Dual control (docs/features/dual-control.md): an administrator's change to operators, roles,
// account rights, staff or a loosening gateway setting is held, and takes effect only when a
// second administrator approves it under 系统管理 › 待审批变更. Specs that need such a change
// applied make it as before, see it held, and have the second administrator approve it here.

const PENDING = `${APP}/system/pendingChanges/index`;
const view = (page: Page) => page.locator('[data-view="/system/pendingChanges/index"]');

/** The maker is told the change waits for another administrator (it has not taken effect). */
export async function expectHeld(page: Page) {
  await expect(page.locator('.ant-message').getByText(`${HELD_MESSAGE}（系统管理 › 待审批变更）`, { exact: true }).last()).toBeVisible();
}

/** The second administrator, signed in in a browser of their own. */
export async function openSecondAdmin(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  await signIn(page, username, password);
  return page;
}

/**
 * Approves, as the second administrator, the newest pending change whose summary matches and
 * waits until it has taken effect. With `oneTimePassword` the approval hands over a new
 * password (an added operator, a reset): it is shown to the approver once and answered.
 */
export async function approvePending(page: Page, summary: string | RegExp, options: { oneTimePassword?: boolean } = {}): Promise<string | undefined> {
  await page.goto(PENDING);
  await expect(page).toHaveTitle(/^待审批变更/);
  // Pending changes come first, newest first.
  const pending = view(page).getByRole('row').filter({ hasText: summary }).filter({ hasText: '待审批' }).first();
  await expect(pending).toBeVisible();
  const row = view(page).locator(`tr[data-row-key="${await pending.getAttribute('data-row-key')}"]`);
  await row.getByRole('button', { name: '审批' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('table', { name: '变更前后对比' })).toBeVisible();
  await dialog.getByRole('button', { name: '审批通过' }).click();
  await expect(page.locator('.ant-message').getByText(/^已审批通过并生效/)).toBeVisible();
  await expect(row).toContainText('已生效');
  if (!options.oneTimePassword) return undefined;
  const notice = page.getByRole('dialog').filter({ hasText: '一次性密码' });
  await expect(notice.getByText('请将此密码转交该操作员。')).toBeVisible();
  const password = (await notice.locator('[data-one-time-password]').innerText()).trim();
  await notice.getByRole('button', { name: '我已记下' }).click();
  await expect(notice).toHaveCount(0);
  return password;
}
