import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login, signIn } from './login-page';
import { approvePending, expectHeld, openSecondAdmin } from './pending-changes';

// API网关管理 › API管理 against the real server, as the bank's gateway administrator. The
// definitions this file adds carry a code of its own, so it can run beside other specs. A change
// that loosens a call (enabling, opening to partners) is held until a second staff member
// (secadmin) approves it under 待审批变更; tightening applies at once.

const API_MANAGEMENT = `${APP}/gateway/apiManagement/index`;
const SUFFIX = Date.now().toString(36).toUpperCase();
const CODE = `EXT_QUOTE_${SUFFIX}`;
const PATH = `/ext/partner/quote-${SUFFIX.toLowerCase()}`;

/** antd puts a space between the two characters of a two-character Chinese label; an icon adds its name before it. */
const button = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) });

async function openApiManagement(page: Page) {
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(API_MANAGEMENT);
  await expect(page).toHaveTitle(/^API管理/);
  const table = page.getByRole('region', { name: 'API列表' });
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  return table;
}

/** Searches by code and answers the one row that should match it. */
async function rowOf(table: Locator, code: string) {
  await table.getByLabel('接口编码').fill(code);
  await button(table, '查询').click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(code);
  return rows.first();
}

/** Picks a value from one of the batch dropdowns and confirms the question it asks. */
async function batchSet(page: Page, menu: string, choice: string, question: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: choice, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: menu });
  await expect(confirm).toContainText(question);
  await button(confirm, '确定').click();
}

test('staff add, edit, export, batch-toggle and remove a definition for an external route', async ({ page, browser }) => {
  const table = await openApiManagement(page);

  await button(table, '新增').click();
  const add = page.getByRole('dialog', { name: '新增接口' });
  // The contract's own rules refuse what the server would.
  await add.getByLabel('接口路径').fill('/ext/partner/quote/');
  // A click while the dialog still opens can be lost on a busy machine: click until it validates.
  await expect(async () => {
    await button(add, '保存').click();
    await expect(add.getByText('接口编码不能为空！')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(add.getByText('接口路径须以/开头，各段仅含字母、数字、_和-，不能以/结尾，不能含//、.、%')).toBeVisible();
  await add.getByLabel('接口编码').fill(CODE);
  await add.getByLabel('接口名称').fill('合作方报价');
  await add.getByLabel('接口路径').fill(PATH);
  await add.getByLabel('服务标识').fill('partner-quote');
  await add.getByLabel('接口分类').fill('合作方接口');
  await button(add, '保存').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(add).toHaveCount(0);

  const row = await rowOf(table, CODE);
  await expect(row).toContainText(PATH);
  await expect(row).toContainText('外部');
  await expect(row).toContainText('启用');

  await button(row, '修改').click();
  const edit = page.getByRole('dialog', { name: `修改接口 ${CODE}` });
  await expect(edit.getByLabel('接口路径')).toBeEnabled();
  await edit.getByLabel('接口名称').fill('合作方报价（修订）');
  await edit.getByRole('switch', { name: '开放' }).click();
  await button(edit, '保存').click();
  await expectHeld(page);
  await expect(row).not.toContainText('合作方报价（修订）');
  const approver = await openSecondAdmin(browser, 'secadmin', 'Admin1234');
  await approvePending(approver, `修改接口 ${CODE}：开放`);
  await page.reload();
  await rowOf(table, CODE);
  await expect(row).toContainText('合作方报价（修订）');
  await expect(row).toContainText('开放');

  // The export is of the filtered list (this one definition), not only of the page shown.
  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^API列表_\d{8}_\d{6}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.getWorksheet('API列表');
  expect(sheet?.rowCount).toBe(2);
  expect(sheet?.getRow(2).getCell(1).value).toBe(CODE);
  expect(sheet?.getRow(2).getCell(2).value).toBe('合作方报价（修订）');

  await row.getByRole('checkbox').check();
  await expect(table.getByText('已选择 1 项')).toBeVisible();
  await batchSet(page, '批量启用/停用', '停用', '确定将选中的 1 个接口设为停用吗？');
  await expect(page.getByText('已将 1 个接口设为停用')).toBeVisible();
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await batchSet(page, '批量启用/停用', '启用', '确定将选中的 1 个接口设为启用吗？');
  await expectHeld(page);
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await approvePending(approver, `启用：${CODE}`);
  await approver.close();
  await page.reload();
  await rowOf(table, CODE);
  await expect(row.getByText('启用', { exact: true })).toBeVisible();
  await row.getByRole('checkbox').check();

  // Opened to partners, the definition is in the document staff hand to partner systems.
  await batchSet(page, '批量开放/关闭', '开放', '确定将选中的 1 个接口设为开放吗？');
  await expect(page.getByText('已将 1 个接口设为开放')).toBeVisible();
  const documentDownload = page.waitForEvent('download');
  await table.getByRole('button', { name: '合作方接口文档' }).click();
  const document = await documentDownload;
  expect(document.suggestedFilename()).toMatch(/^合作方接口文档_\d{8}\.json$/);
  const partnerPaths = (JSON.parse(await readFile(await document.path(), 'utf8')) as { paths: Record<string, unknown> }).paths;
  expect(Object.keys(partnerPaths)).toContain(PATH);

  await button(row, '删除').click();
  const confirm = page.getByRole('dialog', { name: '确认删除' });
  await expect(confirm).toContainText(`确定删除接口“合作方报价（修订）”（${PATH}）吗？`);
  await button(confirm, '确定').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);
  await expect(table.getByText('已选择 0 项')).toBeVisible();
});

test("a gateway operation's locked settings show why, and the server's refusal is shown as it says", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 960 });
  const table = await openApiManagement(page);
  await page.screenshot({ path: 'test-results/screens/gateway-api.png' });

  const row = await rowOf(table, 'GW_API_PAGE');
  await expect(row).toContainText('本服务');
  // This server's operations are not removed (they leave service by status 0).
  await expect(button(row, '删除')).toHaveCount(0);

  const status = row.getByLabel('启用（已锁定：网关管理接口不可停用）');
  await status.hover();
  await expect(page.getByRole('tooltip')).toHaveText('网关管理接口不可停用');

  await button(row, '修改').click();
  const edit = page.getByRole('dialog', { name: '修改接口 GW_API_PAGE' });
  await expect(edit.getByLabel('接口路径')).toBeDisabled();
  await expect(edit.getByLabel('服务标识')).toBeDisabled();
  await expect(edit.getByRole('switch', { name: '状态' })).toBeDisabled();
  await expect(edit.getByText('网关管理接口不可停用')).toBeVisible();
  await expect(edit.getByRole('switch', { name: '鉴权' })).toBeDisabled();
  await button(edit, '取消').click();

  // The batch confirmation warns; going ahead, the server refuses the whole batch with its reason.
  await row.getByRole('checkbox').check();
  await batchSet(page, '批量启用/停用', '停用', '确定将选中的 1 个接口设为停用吗？');
  await expect(page.getByText('GW_API_PAGE：网关管理接口不可停用')).toBeVisible();
  await expect(row.getByText('启用', { exact: true })).toBeVisible();
});

test.describe('用户分配', () => {
  const USER_ASSIGN = `${APP}/gateway/userAssign/index`;
  // newuser's seat: a customer seat no other spec gives the reviewer role. The test gives it
  // back as it found it.
  const SEAT = 'U100000201';

  async function chooseRole(page: Page, label: string) {
    await page.getByRole('combobox', { name: '角色' }).click();
    await page.locator('.ant-select-item-option', { hasText: label }).click();
  }

  async function saveMembers(page: Page, question: string, done: string) {
    await button(page, '保存').click();
    const confirm = page.getByRole('dialog', { name: '保存分配' });
    await expect(confirm).toContainText(question);
    await button(confirm, '保存').click();
    await expect(page.getByText(done)).toBeVisible();
  }

  test("a role given in the transfer list changes the user's menu at their next login", async ({ page, browser }) => {
    // checker (U100000102) reviews; as a maker too it gains 指令录入 at its next login.
    const CHECKER = 'U100000102';
    const checkerMenu = async () => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const checker = await context.newPage();
      await login(checker, 'checker', 'Demo1234');
      const sider = checker.locator('.ant-layout-sider');
      await sider.getByText('指令管理', { exact: true }).click();
      await expect(sider.getByText('指令复核', { exact: true })).toBeVisible();
      const entry = await sider.getByText('指令录入', { exact: true }).isVisible();
      await context.close();
      return entry;
    };
    expect(await checkerMenu()).toBe(false);

    await signIn(page, 'admin', 'Admin1234');
    await page.goto(USER_ASSIGN);
    await chooseRole(page, '经办员（CUSTOMER_MAKER）');
    const left = page.getByRole('region', { name: '未分配用户列表' });
    const right = page.getByRole('region', { name: '已分配用户列表' });
    await left.getByLabel('未分配用户列表搜索').fill(CHECKER);
    await left.getByRole('checkbox', { name: `选择 ${CHECKER}` }).check();
    await page.getByRole('button', { name: '加入右侧' }).click();
    await saveMembers(page, '确定为角色“经办员”加入 1 个、移出 0 个用户吗？', '分配成功：加入 1 个，移出 0 个用户');
    try {
      expect(await checkerMenu()).toBe(true);
    } finally {
      await right.getByLabel('已分配用户列表搜索').fill(CHECKER);
      await right.getByRole('checkbox', { name: `选择 ${CHECKER}` }).check();
      await page.getByRole('button', { name: '加入左侧' }).click();
      await saveMembers(page, '确定为角色“经办员”加入 0 个、移出 1 个用户吗？', '分配成功：加入 0 个，移出 1 个用户');
    }
    expect(await checkerMenu()).toBe(false);
  });

  test("staff give a customer role to a user number and take it back; the bank's own roles are not offered", async ({ page }) => {
    await signIn(page, 'admin', 'Admin1234');
    await page.goto(USER_ASSIGN);
    await expect(page).toHaveTitle(/^用户分配/);
    await expect(page.getByText('请先选择要分配用户的角色')).toBeVisible();

    await page.getByRole('combobox', { name: '角色' }).click();
    await expect(page.locator('.ant-select-item-option', { hasText: 'CUSTOMER_REVIEWER' })).toBeVisible();
    await expect(page.locator('.ant-select-item-option', { hasText: 'STAFF_' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await chooseRole(page, '复核员（CUSTOMER_REVIEWER）');

    const left = page.getByRole('region', { name: '未分配用户列表' });
    const right = page.getByRole('region', { name: '已分配用户列表' });
    const row = (list: Locator, userNo: string) => list.locator(`.ant-table-row[data-row-key="${userNo}"]`);
    await expect(right.getByRole('columnheader', { name: '用户姓名' })).toBeVisible();
    await expect(row(right, 'U100000102')).toBeVisible();
    await expect(row(left, SEAT)).toBeVisible();
    // Staff seats are not offered for a customer role.
    await expect(row(left, 'S900000001')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/user-assign.png' });

    await left.getByLabel('未分配用户列表搜索').fill(SEAT);
    await left.getByRole('checkbox', { name: `选择 ${SEAT}` }).check();
    await page.getByRole('button', { name: '加入右侧' }).click();
    await expect(row(right, SEAT)).toBeVisible();
    await expect(page.getByText('未保存：加入 1 个，移出 0 个')).toBeVisible();
    await saveMembers(page, '确定为角色“复核员”加入 1 个、移出 0 个用户吗？', '分配成功：加入 1 个，移出 0 个用户');

    // What the server now holds, read afresh.
    await page.reload();
    await chooseRole(page, '复核员（CUSTOMER_REVIEWER）');
    await expect(row(right, SEAT)).toBeVisible();
    await right.getByRole('checkbox', { name: `选择 ${SEAT}` }).check();
    await page.getByRole('button', { name: '加入左侧' }).click();
    await saveMembers(page, '确定为角色“复核员”加入 0 个、移出 1 个用户吗？', '分配成功：加入 0 个，移出 1 个用户');
    await expect(row(right, SEAT)).toHaveCount(0);
    await expect(row(right, 'U100000102')).toBeVisible();
  });
});
