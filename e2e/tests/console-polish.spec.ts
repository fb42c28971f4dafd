import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// Issue 16's polish of the console shell: what stays in place, what opens, how fields look, and
// the screens each kind of user lands on. Screenshots of the changed screens go to docs/.

const SCREENS = '../docs/screenshots';
const sider = (page: Page) => page.locator('.ant-layout-sider');

test('the top bar and the tab bar stay in place while a long page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 500 });
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}/system/accountManagement/index?tab=added`);
  await expect(page.locator('[data-view="/system/accountManagement/index"] tbody tr.ant-table-row').first()).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect((await page.locator('header').boundingBox())!.y).toBe(0);
  const tabs = (await page.locator('.ant-tabs-nav').first().boundingBox())!;
  expect(tabs.y).toBeGreaterThan(0);
  expect(tabs.y).toBeLessThan(120);
});

test('after a reload or a deep link the sidebar opens the current route’s group and highlights it', async ({ page }) => {
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(`${APP}/system/userUnlock/index`);
  const item = sider(page).getByRole('menuitem', { name: '用户解锁' });
  await expect(item).toBeVisible();
  await expect(item).toHaveClass(/ant-menu-item-selected/);
  await page.reload();
  await expect(sider(page).getByRole('menuitem', { name: '用户解锁' })).toHaveClass(/ant-menu-item-selected/);
});

test('a menu entry whose page does not exist still gets its tab, showing the 404 page', async ({ page }) => {
  // A menu row added by the bank before its screen ships (the menus are data, the pages code).
  await page.route('**/current/user/menu', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    const entry = { menuId: 990, parentId: 100, menuCode: 'reportDraft', menuName: '报表草稿', path: 'system/reportDraft/index', scheme: '/', target: '', icon: 'md-document', status: 1 };
    await route.fulfill({ response, json: { ...body, data: [...body.data, entry] } });
  });
  await signIn(page, 'demo', 'Demo1234');
  await sider(page).getByText('系统管理').click();
  await sider(page).getByText('报表草稿').click();
  await expect(page.locator('.ant-tabs-tab', { hasText: '报表草稿' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '没有找到页面!' })).toBeVisible();
  await expect(sider(page).getByRole('menuitem', { name: '报表草稿' })).toHaveClass(/ant-menu-item-selected/);
  // Home and back: the tab stays and still shows the 404 page.
  await page.locator('.ant-tabs-tab', { hasText: '首页' }).click();
  await page.locator('.ant-tabs-tab', { hasText: '报表草稿' }).click();
  await expect(page.getByRole('heading', { name: '没有找到页面!' })).toBeVisible();
});

test('a focused field is not drawn in the error colour', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}/system/personalCenter/index`);
  const nick = page.getByLabel('昵称');
  await nick.focus();
  // The brand red (#c8102e, also the error colour) is kept for buttons and links.
  const border = await nick.evaluate((el) => getComputedStyle(el.closest('.ant-input-affix-wrapper') ?? el).borderColor);
  expect(border).not.toBe('rgb(200, 16, 46)');
  expect(border).not.toBe('rgb(255, 77, 79)');
});

test('the personal centre shows the opening branch by name', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}/system/personalCenter/index`);
  await expect(page.locator('.ant-descriptions')).toContainText('北京分行营业部');
  await expect(page.locator('.ant-descriptions')).not.toContainText('110000');
  await page.screenshot({ path: `${SCREENS}/personal-center.png` });
});

test('staff land on a staff home, not the customers’ slogan', async ({ page }) => {
  await signIn(page, 'custcheck', 'Admin1234');
  const home = page.locator('[data-view="/home"] main');
  await expect(home).toHaveAttribute('data-audience', 'staff');
  await expect(home).toContainText('资产托管网银管理控制台');
  await expect(home).not.toContainText('一站办理');
  await page.screenshot({ path: `${SCREENS}/staff-home.png` });
});

test('a gateway administrator’s home shows the notices still in draft, and the card leads to them', async ({ page }) => {
  await signIn(page, 'admin', 'Admin1234');
  const drafts = page.locator('[data-view="/home"] [data-field="noticeDraftCount"]');
  await expect(drafts).toBeVisible();
  await expect(drafts).toContainText('待发布草稿');
  await drafts.click();
  await expect(page).toHaveURL(/\/custodianNotice\/riskNoticePublish\/index$/);
});

// The fixed 操作 column, overflow and cut text on every screen: screen-walk.spec.ts.

test('on a phone the query form shows its first criteria and keeps the rest under 更多条件', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}/instructionManagement/instructionQuery/index`);
  const view = page.locator('[data-view="/instructionManagement/instructionQuery/index"]');
  await expect(view.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(view.getByLabel('指令编号')).toBeVisible();
  await expect(view.getByLabel('收款人')).toBeHidden();
  await view.getByRole('button', { name: '更多条件' }).click();
  await view.getByLabel('收款人').fill('没有这个收款人');
  await view.getByRole('button', { name: '收起' }).click();
  // Folded away, the criterion still filters, and the toggle says so.
  await expect(view.getByLabel('收款人')).toBeHidden();
  await expect(view.getByRole('button', { name: '更多条件（已填 1）' })).toBeVisible();
  await expect(view.locator('.ant-empty')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/query-form-phone.png` });
});
