import { expect, test, type Page } from './fixtures';
import { APP, captchaInput, fillLogin, signIn, loginButton, passwordInput } from './login-page';

// The console shell in Chromium: guard, menus, tabs with kept-alive views, mobile drawer,
// permissions, home states and the enterprise switch, against the real server.

const sider = (page: Page) => page.locator('.ant-layout-sider');
const tab = (page: Page, title: string) => page.locator('.ant-tabs-tab', { hasText: title });

test.describe('router guard', () => {
  test('without a token every console route goes to login, remembering where it was going', async ({ page }) => {
    await page.goto(`${APP}/system/personalCenter/index?x=1`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2FpersonalCenter%2Findex%3Fx%3D1$/);
  });

  test('a route the user’s access does not cover goes to /401; an unknown one shows 404 inside the console', async ({ page }) => {
    await signIn(page, 'demo', 'Demo1234');
    await page.goto(`${APP}/system/userUnlock/index`);
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByRole('heading', { name: '没有访问权限!' })).toBeVisible();
    await page.goto(`${APP}/no/such/page`);
    await expect(page.getByRole('heading', { name: '没有找到页面!' })).toBeVisible();
    await expect(page.getByText('此页面不存在...')).toBeVisible();
    await expect(page.getByText('刷新页面')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/404.png' });
    await expect(page.locator('.ant-layout-sider')).toBeVisible();
  });

  test('/redirect/* replaces itself with the target, keeping the query', async ({ page }) => {
    await signIn(page, 'demo', 'Demo1234');
    await page.goto(`${APP}/redirect/system/personalCenter/index?tab=1`);
    await expect(page).toHaveURL(/\/system\/personalCenter\/index\?tab=1$/);
    await expect(page.getByLabel('昵称')).toBeVisible();
  });

  test('when user info cannot be loaded, the token is cleared and the user goes to login', async ({ page, context }) => {
    await signIn(page, 'demo', 'Demo1234');
    await page.route('**/pmobile/customer/current/user', (route) =>
      route.fulfill({ status: 500, json: { returnCode: '050000', returnMsg: '系统繁忙', data: null } }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'zctg_token')).toBeUndefined();
  });

  test('with a token the login pages lead home', async ({ page }) => {
    await signIn(page, 'demo', 'Demo1234');
    await page.goto(`${APP}/handleLoginSign`);
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('menus and tabs', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'demo', 'Demo1234'));

  test('renders the server’s menus: groups, hidden items, an external link and an iframe item', async ({ page }) => {
    await expect(sider(page).getByText('系统管理')).toBeVisible();
    await expect(sider(page).getByText('API网关管理')).toHaveCount(0);
    await expect(sider(page).getByText('历史公告')).toHaveCount(0);
    await sider(page).getByText('增值服务').click();
    // No outside network here: the bank's site is answered locally so the popup can be seen.
    await page.context().route('https://www.hxb.com.cn/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>华夏银行</title>' }));
    const popup = page.waitForEvent('popup');
    await sider(page).getByText('华夏银行官网').click();
    expect((await popup).url()).toContain('hxb.com.cn');
    await sider(page).getByText('托管业务规则').click();
    await expect(page).toHaveURL(/\/iframe\?src=https%3A%2F%2F/);
    await expect(page.locator('iframe[title="嵌入页面"]')).toHaveAttribute('src', /^https:\/\//);
  });

  test('keeps a visited view alive across tab switches; 刷新 re-mounts it; tabs close as the spec says', async ({ page }) => {
    await sider(page).getByText('系统管理').click();
    await sider(page).getByText('个人中心').click();
    await expect(tab(page, '个人中心')).toBeVisible();
    const nick = page.getByLabel('昵称');
    await nick.fill('正在编辑的昵称');
    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/home$/);
    await tab(page, '个人中心').click();
    await expect(page.getByLabel('昵称')).toHaveValue('正在编辑的昵称');

    await tab(page, '个人中心').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    // 刷新 passes through /redirect/…: wait until it has landed back before closing the tab.
    await expect(page).toHaveURL(/\/system\/personalCenter\/index$/);
    await expect(page.getByLabel('昵称')).toHaveValue('张晓明');

    // The pinned home tab has no ×; closing the active tab moves to the last one left.
    await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await tab(page, '个人中心').locator('.ant-tabs-tab-remove').click();
    await expect(tab(page, '个人中心')).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);

    await page.goto(`${APP}/system/personalCenter/index`);
    await expect(tab(page, '个人中心')).toBeVisible();
    await tab(page, '个人中心').locator('span[data-path]').dispatchEvent('mouseup', { button: 1 });
    await expect(tab(page, '个人中心')).toHaveCount(0);

    await page.goto(`${APP}/system/personalCenter/index`);
    await tab(page, '首页').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(page.locator('.ant-tabs-tab')).toHaveCount(1);
  });

  test('below 992 px the sidebar is a drawer that closes on an outside click and on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(sider(page)).toHaveCount(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.ant-drawer-section');
    await expect(drawer).toBeVisible();
    await page.mouse.click(780, 450);
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: '展开菜单' }).click();
    await drawer.getByText('系统管理').click();
    await drawer.getByText('个人中心').click();
    await expect(page).toHaveURL(/personalCenter/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('home', () => {
  const counts = (overrides: Record<string, number>) => ({
    returnCode: '000000',
    returnMsg: '成功',
    data: Object.fromEntries(
      ['notAddedAccountCount', 'addedAccountCount', 'waitCheckCount', 'waitReviewCount', 'waitConfirmCount', 'waitConfirmReviewCount', 'reviewRefuseCount', 'checkRefuseCount', 'confirmRefuseCount', 'confirmReviewRefuseCount', 'RiskCount', 'positionCount', 'deptCount', 'shareCount'].map(
        (f) => [f, overrides[f] ?? 0],
      ),
    ),
  });

  test('state 0 skeleton, then 2 with only the non-zero groups and children', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/pmobile/customer/query/message/reminder', async (route) => {
      await held;
      await route.fulfill({ json: counts({ waitReviewCount: 3, shareCount: 2 }) });
    });
    await signIn(page, 'demo', 'Demo1234');
    await expect(page.locator('.ant-skeleton')).toBeVisible();
    release();
    const cards = page.locator('[data-view="/home"] .ant-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('指令复核');
    await expect(cards.nth(0)).toContainText('待复核指令');
    await expect(cards.nth(0)).not.toContainText('复核退回指令');
    await expect(cards.nth(1)).toContainText('新股缴款提醒');
    await page.screenshot({ path: 'test-results/screens/home.png', fullPage: true });
  });

  test('state 1 banner only, with no counts and when the call fails', async ({ page }) => {
    // The demo enterprise has accounts to count: every count is made 0 here.
    await page.route('**/pmobile/customer/query/message/reminder', (route) => route.fulfill({ json: counts({}) }));
    await signIn(page, 'demo', 'Demo1234');
    await expect(page.getByText('欢迎使用资产托管客户服务网银')).toBeVisible();
    await expect(page.locator('[data-view="/home"] .ant-card')).toHaveCount(0);
    await page.unrouteAll();
    await page.route('**/pmobile/customer/query/message/reminder', (route) => route.fulfill({ status: 500, json: { returnCode: '050000', returnMsg: '系统繁忙', data: null } }));
    await page.reload();
    await expect(page.getByText('欢迎使用资产托管客户服务网银')).toBeVisible();
    await expect(page.locator('[data-view="/home"] .ant-card')).toHaveCount(0);
  });
});

test.describe('staff unlock', () => {
  test('a user locked by five wrong passwords is unlocked on 用户解锁', async ({ page }) => {
    await page.goto(`${APP}/login`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await passwordInput(page).clear();
      await fillLogin(page, 'checker', 'Wrong1234');
      const answered = page.waitForResponse('**/pmobile/admin/login/token');
      await loginButton(page).click();
      await answered;
      // The attempt spent the captcha: the next one waits for the new one.
      await expect(captchaInput(page)).toHaveValue('');
    }
    await expect(page.locator('.ant-message')).toContainText(/账户已锁定，请于\d{2}:\d{2}后重试或联系管理员解锁/);

    await signIn(page, 'admin', 'Admin1234');
    await sider(page).getByText('系统管理').click();
    await sider(page).getByText('用户解锁').click();
    const row = page.locator('tr', { hasText: 'checker' });
    await expect(row).toContainText('李静');
    await expect(row).toContainText('5');
    await row.getByRole('button', { name: '解锁' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /^解\s*锁$/ }).click();
    // A feature's own success message counts down as the HTTP client's do (spec §9).
    await expect(page.locator('.ant-message')).toContainText(/解锁成功（[1-3]秒后关闭）/);
    await expect(page.locator('tr', { hasText: 'checker' })).toHaveCount(0);
  });
});

test.describe('enterprise switch', () => {
  test('refuses the current enterprise, then switches by re-authenticating', async ({ page }) => {
    await signIn(page, 'demo', 'Demo1234');
    await expect(page.locator('header')).toContainText('华夏远航基金管理有限公司');
    await page.getByRole('button', { name: /张晓明/ }).hover();
    await page.getByRole('menuitem', { name: '切换用户' }).click();
    const dialog = page.getByRole('dialog', { name: '切换用户' });
    // Nothing chosen: the dialog says what to do.
    await dialog.getByRole('button', { name: '切 换' }).click();
    await expect(page.locator('.ant-message')).toContainText('请选择要切换的企业');
    await dialog.locator('.ant-select').click();
    await page.getByTitle(/华夏远航基金管理有限公司/).click();
    await dialog.getByRole('button', { name: '切 换' }).click();
    await expect(page.locator('.ant-message')).toContainText('切换的企业为当前登录企业！');

    await dialog.locator('.ant-select').click();
    await page.getByTitle(/东方精密制造集团股份有限公司/).click();
    await dialog.getByRole('button', { name: '切 换' }).click();
    // The menu item, the dialog and the confirmation use one name.
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('切换用户');
    await expect(page.getByText('切换用户需要退出当前登录并重新认证，是否继续？')).toBeVisible();
    await page.getByRole('button', { name: '确 定' }).click();
    // The switch call, then a full reload into the login page, which names the target and knows the user.
    await expect(page).toHaveURL(/\/login\?userNo=U100000301&/, { timeout: 15_000 });
    await expect(page.getByText('请重新登录以进入：东方精密制造集团股份有限公司')).toBeVisible();
    await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('demo');
    await fillLogin(page, 'demo', 'Demo1234');
    await loginButton(page).click();
    await expect(page.locator('header')).toContainText('东方精密制造集团股份有限公司');
  });

  test('a user with one seat is not offered 切换用户', async ({ page }) => {
    // custexec: one seat, and no earlier test locks or changes it.
    await signIn(page, 'custexec', 'Admin1234');
    await page.getByRole('button', { name: /钱芳/ }).hover();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '切换用户' })).toHaveCount(0);
  });
});
