import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { APP, fillLogin, signIn, loginButton, openLogin } from './login-page';
import { NOT_ADDED, NOT_USABLE, SEEDED_ADDED, confirmedBy, masked } from './seeded-accounts';
import { deviceKey } from './device-key';
import { approvePending, expectHeld, openSecondAdmin } from './pending-changes';
import { portalCrypto as c } from '../../packages/crypto/src/node';
import { RETURN_CODES } from '../../packages/shared/src/index';

// 系统管理 › 账户管理 in Chromium against the real server. Each test takes register accounts of
// 华夏远航 (1000000001) that the seed leaves out of e-banking, its own ones, so the tests hold in
// any order; what they add stays added.

const PAGE = '/system/accountManagement/index';
// Wide enough for the screenshots the tests take on the way.
test.use({ viewport: { width: 1440, height: 900 } });
const SCREENS = 'test-results/screens';

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const pickOption = (page: Page, text: string) => page.locator('.ant-select-item-option', { hasText: text }).first().click();
const view = (page: Page) => page.locator(`[data-view="${PAGE}"]`);
const list = (page: Page, side: 'added' | 'notAdded') => view(page).getByRole('region', { name: side === 'added' ? '已添加账户列表' : '未添加账户列表' });
const row = (region: Locator, accountNo: string) => region.locator(`tr[data-row-key="${accountNo}"]`);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');
const ok = (dialog: Locator, name: RegExp = /确\s*定/) => dialog.getByRole('button', { name }).click();

async function openAccounts(page: Page, tab: 'added' | 'notAdded' | 'mine' | 'operators' | 'batches' = 'added') {
  await page.goto(`${APP}${PAGE}?tab=${tab}`);
  await expect(view(page).getByRole('tablist')).toBeVisible();
}

/** Narrows a list to one account by number (the filter is a contains-match) and waits for it. */
async function filterTo(region: Locator, accountNo: string) {
  await region.getByRole('search').getByLabel('账号').fill(accountNo);
  await expect(dataRows(region)).toHaveCount(1);
  await expect(row(region, accountNo)).toBeVisible();
}

async function addAccount(page: Page, accountNo: string, alias: string) {
  await list(page, 'added').getByRole('button', { name: /添加账户/ }).click();
  const dialog = page.getByRole('dialog', { name: '添加账户' });
  await dialog.getByLabel('账号').fill(accountNo);
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  await expect(dialog.getByText('账户名称')).toBeVisible();
  await dialog.getByLabel('账户别名').fill(alias);
  await ok(dialog, /确认添加/);
  await expect(toast(page, `账户“${alias}（${masked(accountNo)}）”已添加`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Opens a row's details from its account number and reads them: the limits show there (in the
 * row only from 1600 px), then closes them.
 */
async function detailsText(page: Page, line: Locator): Promise<string> {
  await line.getByRole('button', { name: /\*{6}/ }).click();
  const details = page.getByRole('dialog').filter({ has: page.locator('.ant-descriptions') });
  await expect(details).toBeVisible();
  const text = (await details.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  return text;
}

async function homeCount(page: Page, field: 'notAddedAccountCount' | 'addedAccountCount'): Promise<number> {
  const link = page.locator(`[data-view="/home"] [data-field="${field}"]`);
  await expect(link).toBeVisible();
  return Number(await link.locator('.ant-badge-count').getAttribute('title'));
}

/** The spec §8 flow of a first login: the one-time password, then a password of one's own. */
async function firstLogin(browser: Browser, username: string, oneTime: string, chosen: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLogin(page);
  await fillLogin(page, username, oneTime);
  await loginButton(page).click();
  const change = page.getByRole('dialog', { name: '修改密码' });
  await change.getByLabel('原密码').pressSequentially(oneTime);
  await change.getByLabel('新密码').pressSequentially(chosen);
  await change.getByLabel('确认密码').pressSequentially(chosen);
  await ok(change);
  await expect(toast(page, '修改密码成功，请用新密码登陆！')).toBeVisible();
  await context.close();
}

/** An enterprise administrator added by staff (华夏远航's is the one seat there that may grant account rights). */
async function enterpriseAdmin(browser: Browser, enterpriseNo = '1000000001'): Promise<{ username: string; password: string }> {
  const username = `acc${Date.now()}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(`${APP}/system/userManagement/index`);
  await page.locator('[data-view="/system/userManagement/index"]').getByRole('button', { name: /新增用户/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('用户姓名').fill('钱立群');
  await dialog.getByLabel('所属企业').click();
  await pickOption(page, enterpriseNo);
  await dialog.getByLabel('角色').click();
  await pickOption(page, '企业管理员');
  await dialog.getByText('新增用户').click();
  await ok(dialog);
  const oneTime = (await page.locator('[data-one-time-password]').innerText()).trim();
  await context.close();
  const password = 'Admin2024x';
  await firstLogin(browser, username, oneTime, password);
  return { username, password };
}

test('a clerk adds one account after looking it up; the home counts follow', async ({ page }) => {
  const [account] = NOT_ADDED.slice(0, 1);
  const refused = NOT_USABLE[0]!;
  await signIn(page, 'demo', 'Demo1234');
  const notAddedBefore = await homeCount(page, 'notAddedAccountCount');
  const addedBefore = await homeCount(page, 'addedAccountCount');

  // The home card leads to the 未添加账户 tab, where the account is listed.
  await page.locator('[data-view="/home"] [data-field="notAddedAccountCount"]').click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?tab=notAdded$`));
  await expect(view(page).getByRole('tab', { name: '未添加账户', selected: true })).toBeVisible();
  await filterTo(list(page, 'notAdded'), account!.accountNo);
  await expect(row(list(page, 'notAdded'), account!.accountNo)).toContainText(masked(account!.accountNo));

  await row(list(page, 'notAdded'), account!.accountNo).getByRole('button', { name: '添加' }).click();
  const dialog = page.getByRole('dialog', { name: '添加账户' });
  await expect(dialog.getByText(account!.accountName, { exact: true })).toBeVisible();
  // Limits follow the spec §5 amount rule and single ≤ daily, before anything is sent.
  await dialog.getByLabel('单笔限额').fill('12.345');
  await dialog.getByLabel('单笔限额').blur();
  await expect(dialog.getByText('金额格式不合法（最大17位整数和2位小数）')).toBeVisible();
  await dialog.getByLabel('日累计限额').fill('1000');
  await dialog.getByLabel('单笔限额').fill('2000');
  await ok(dialog, /确认添加/);
  await expect(dialog.getByText('单笔限额不能大于日累计限额')).toBeVisible();
  await dialog.getByLabel('单笔限额').fill('500');
  await dialog.getByLabel('账户别名').fill('增利托管一号');
  await page.screenshot({ path: `${SCREENS}/accounts-add.png` });
  await ok(dialog, /确认添加/);
  await expect(toast(page, `账户“增利托管一号（${masked(account!.accountNo)}）”已添加`)).toBeVisible();
  await expect(dataRows(list(page, 'notAdded'))).toHaveCount(0);

  // On the other side, with its alias, the switch on and the limits as amounts.
  await view(page).getByRole('tab', { name: '已添加账户' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?tab=added$`));
  await filterTo(list(page, 'added'), account!.accountNo);
  const added = row(list(page, 'added'), account!.accountNo);
  await expect(added).toContainText('增利托管一号');
  await expect(added).toContainText('启用');
  const limits = await detailsText(page, added);
  expect(limits).toContain('单笔限额￥ 500.00');
  expect(limits).toContain('日累计限额￥ 1,000.00');

  // An account that is not 正常 is shown with the reason and cannot be added.
  await list(page, 'added').getByRole('button', { name: /添加账户/ }).click();
  await dialog.getByLabel('账号').fill(refused.accountNo);
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  await expect(dialog.getByText(/只有状态为“正常”的账户可以添加/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认添加/ })).toBeDisabled();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Home reads the counts again: one fewer to add, one more added.
  await page.goto(`${APP}/home`);
  expect(await homeCount(page, 'notAddedAccountCount')).toBe(notAddedBefore - 1);
  expect(await homeCount(page, 'addedAccountCount')).toBe(addedBefore + 1);
});

test('a CSV batch with bad rows writes nothing and says why per row; the corrected file adds them all', async ({ page }) => {
  const batch = NOT_ADDED.slice(1, 4);
  const already = SEEDED_ADDED[0]!;
  const refused = NOT_USABLE[1]!;
  await signIn(page, 'demo', 'Demo1234');
  await openAccounts(page);
  const region = list(page, 'added');
  await region.getByRole('button', { name: /批量添加/ }).click();
  const dialog = page.getByRole('dialog', { name: '批量添加账户' });
  const file = dialog.locator('input[type=file]');

  // Spec §5: a table import is csv only.
  await file.setInputFiles({ name: 'accounts.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(toast(page, '[Format Error]:你上传的不是Csv文件')).toBeVisible();
  // Gone before the screenshot below.
  await expect(toast(page, '[Format Error]:你上传的不是Csv文件')).toBeHidden();

  const lines = ['账号,别名', ...batch.map((a, i) => `${a.accountNo},批量${i + 1}号`)];
  const bad = [...lines, `${already.accountNo},已添加的`, `${refused.accountNo},状态不对`, '999999999999999,无此账户'].join('\r\n');
  await file.setInputFiles({ name: '账户批量-有误.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const preview = dialog.getByRole('table');
  await expect(dialog.getByText('共 6 行，格式校验通过。上传后将逐行核对账户，全部通过才会添加。')).toBeVisible();
  await ok(dialog, /上传并添加/);
  await expect(dialog.getByText('校验未通过，未添加任何账户：共 6 行，其中 3 行有误。请修改文件后重新上传。')).toBeVisible();
  // Each refused row shows the server's reason on its own line number (the header is line 1).
  await expect(preview.getByRole('row').filter({ hasText: masked(already.accountNo) })).toContainText(/已添加/);
  await expect(preview.getByRole('row').filter({ hasText: masked(refused.accountNo) })).toContainText(/状态/);
  await expect(preview.getByRole('row').filter({ hasText: '999999 ****** 9999' })).toContainText(/不存在|不属于/);
  await expect(preview.getByRole('row').filter({ hasText: '999999 ****** 9999' }).getByRole('cell').first()).toHaveText('7');
  await page.screenshot({ path: `${SCREENS}/accounts-batch-errors.png` });

  // Nothing was written: the good rows of that file are still not added.
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await view(page).getByRole('tab', { name: '未添加账户' }).click();
  await filterTo(list(page, 'notAdded'), batch[0]!.accountNo);

  await list(page, 'notAdded').getByRole('button', { name: /批量添加/ }).click();
  const fileName = `账户批量-${Date.now()}.csv`;
  await dialog.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
  await expect(dialog.getByText('共 3 行，格式校验通过。上传后将逐行核对账户，全部通过才会添加。')).toBeVisible();
  await ok(dialog, /上传并添加/);
  await expect(toast(page, '批量添加成功，共添加 3 个账户')).toBeVisible();
  await expect(dataRows(list(page, 'notAdded'))).toHaveCount(0);

  await view(page).getByRole('tab', { name: '已添加账户' }).click();
  for (const [i, account] of batch.entries()) {
    await filterTo(list(page, 'added'), account.accountNo);
    await expect(row(list(page, 'added'), account.accountNo)).toContainText(`批量${i + 1}号`);
  }
  // The accepted batch is kept and listed.
  await view(page).getByRole('tab', { name: '批量添加记录' }).click();
  const history = view(page).getByRole('region', { name: '批量添加记录' });
  await expect(history.getByRole('row').filter({ hasText: fileName })).toContainText('3');
});

test('an account change signed by another key than the login’s is refused with a message and changes nothing', async ({ page }) => {
  const account = NOT_ADDED[6]!;
  await signIn(page, 'demo', 'Demo1234');
  await openAccounts(page);
  await addAccount(page, account.accountNo, '验签户');

  // The session stays; the browser's key (read afresh on a reload) is no longer the one its login was signed with.
  const own = await deviceKey(page, await c.sm2GenerateKeyPair());
  await page.reload();
  const region = list(page, 'added');
  await filterTo(region, account.accountNo);
  const line = row(region, account.accountNo);
  await line.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改账户' });
  await edit.getByLabel('账户别名').fill('篡改别名');
  const refused = page.waitForResponse('**/pmobile/customer/accountManagement/update');
  await ok(edit);
  expect((await (await refused).json()).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
  await expect(toast(page, RETURN_CODES.SIGN_INVALID.message)).toBeVisible();
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await region.getByRole('button', { name: /查\s*询/ }).click();
  await expect(line).toContainText('验签户');
  await expect(line).not.toContainText('篡改别名');
  await deviceKey(page, own);
});

test('a clerk renames an account, sets its limits, forbids it and starts it again', async ({ page }) => {
  const account = NOT_ADDED[4]!;
  await signIn(page, 'demo', 'Demo1234');
  await openAccounts(page);
  await addAccount(page, account.accountNo, '费用户');
  const region = list(page, 'added');
  await filterTo(region, account.accountNo);
  const line = row(region, account.accountNo);

  await line.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改账户' });
  await expect(edit.getByLabel('账户别名')).toHaveValue('费用户');
  await edit.getByLabel('账户别名').fill('费用支出专户');
  await edit.getByLabel('单笔限额').fill('1234567.8');
  await edit.getByLabel('日累计限额').fill('98765432.10');
  await ok(edit);
  await expect(toast(page, '账户已修改')).toBeVisible();
  await expect(line).toContainText('费用支出专户');
  const limits = await detailsText(page, line);
  expect(limits).toContain('1,234,567.80');
  expect(limits).toContain('98,765,432.10');

  // An emptied limit is no limit.
  await line.getByRole('button', { name: '修改' }).click();
  await edit.getByLabel('单笔限额').fill('');
  await ok(edit);
  await expect(toast(page, '账户已修改')).toHaveCount(2);
  await expect.poll(() => detailsText(page, line)).not.toContain('1,234,567.80');
  expect(await detailsText(page, line)).toContain('98,765,432.10');

  // 停用 names the account and asks first.
  await line.getByRole('button', { name: '停用' }).click();
  const confirm = page.getByRole('dialog', { name: '确认停用' });
  await expect(confirm).toContainText(`确定停用账户“费用支出专户（${masked(account.accountNo)}）”吗？`);
  await ok(confirm);
  await expect(toast(page, '已停用 1 个账户')).toBeVisible();
  await expect(line.getByRole('cell', { name: '停用', exact: true })).toBeVisible();

  // 批量启用 on the selected row, listing it in the confirmation.
  await line.getByRole('checkbox').check();
  await region.getByRole('button', { name: /批量启用/ }).click();
  const batch = page.getByRole('dialog', { name: '确认批量启用' });
  await expect(batch).toContainText(`费用支出专户（${masked(account.accountNo)}）`);
  await ok(batch);
  await expect(toast(page, '已启用 1 个账户')).toBeVisible();
  await expect(line.getByRole('cell', { name: '启用', exact: true })).toBeVisible();
});

test('an administrator grants an operator rights on an account, and the operator sees them come and go', async ({ page, browser }) => {
  const account = NOT_ADDED[5]!;
  const admin = await enterpriseAdmin(browser);
  await signIn(page, admin.username, admin.password);
  await openAccounts(page);
  await addAccount(page, account.accountNo, '授权测试户');

  // The checker holds no right on the new account yet.
  const checker = await browser.newPage();
  await signIn(checker, 'checker', 'Demo1234');
  await openAccounts(checker, 'mine');
  const mine = view(checker).getByRole('region', { name: '我的账户' });
  await expect(mine.locator('tr.ant-table-row').first()).toBeVisible();
  await mine.getByLabel('筛选账户').fill(account.accountNo);
  await expect(mine.getByText('暂无授权账户，请联系企业管理员授权')).toBeVisible();

  // 账户授权 of the account: the checker may review (and so query).
  await filterTo(list(page, 'added'), account.accountNo);
  await row(list(page, 'added'), account.accountNo).getByRole('button', { name: '账户授权' }).click();
  const auth = page.getByRole('dialog', { name: '账户授权' });
  const checkerRow = auth.getByRole('row').filter({ hasText: 'U100000102' });
  await checkerRow.getByRole('checkbox', { name: /复核$/ }).check();
  await expect(checkerRow.getByRole('checkbox', { name: /查询$/ })).toBeChecked();
  await page.screenshot({ path: `${SCREENS}/accounts-authorize.png` });
  await ok(auth, /保\s*存/);
  // Account rights take effect once another administrator of the enterprise approves them.
  await expectHeld(page);
  await expect(toast(page, '账户授权已保存，1 个操作员的权限已更新')).toHaveCount(0);
  await view(checker).getByRole('button', { name: /刷\s*新/ }).click();
  await expect(mine.getByText('暂无授权账户，请联系企业管理员授权')).toBeVisible();
  const approver = await openSecondAdmin(browser, 'qyapprove', 'Demo1234');
  await approvePending(approver, /调整用户号 U100000102 的账户权限/);

  await view(checker).getByRole('button', { name: /刷\s*新/ }).click();
  const granted = mine.locator(`tr[data-row-key="${account.accountNo}"]`);
  await expect(granted).toContainText('查询');
  await expect(granted).toContainText('复核');
  await expect(granted).not.toContainText('录入');

  // 操作员授权: the checker's rights over every account; taking 查询 away takes the rest with it.
  await view(page).getByRole('tab', { name: '操作员授权' }).click();
  const operators = view(page).getByRole('region', { name: '操作员列表' });
  await expect(operators.getByRole('row').filter({ hasText: 'U100000102' })).toContainText('复核员');
  await expect(toast(page, /^已提交，待另一位管理员审批/)).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/accounts-operators.png` });
  await operators.getByRole('row').filter({ hasText: 'U100000102' }).getByRole('button', { name: '账户权限' }).click();
  const drawer = page.getByRole('dialog', { name: /操作员账户权限/ });
  const rights = drawer.getByRole('region', { name: /的账户权限$/ });
  await expect(rights.getByRole('checkbox', { name: /复核$/, checked: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/accounts-operator-rights.png` });
  await filterTo(rights, account.accountNo);
  await row(rights, account.accountNo).getByRole('checkbox', { name: /查询$/ }).uncheck();
  await expect(row(rights, account.accountNo).getByRole('checkbox', { name: /复核$/ })).not.toBeChecked();
  await expect(drawer.getByText(/已修改 1 个账户/)).toBeVisible();
  await drawer.getByRole('button', { name: /保存权限/ }).click();
  await expectHeld(page);
  await approvePending(approver, /调整用户号 U100000102 的账户权限/);
  await approver.close();

  await view(checker).getByRole('button', { name: /刷\s*新/ }).click();
  await expect(mine.locator(`tr[data-row-key="${account.accountNo}"]`)).toHaveCount(0);
  await checker.close();
});

test('the filtered account list downloads as an xlsx that reads back with its headers, values and rows', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await openAccounts(page);
  const region = list(page, 'added');
  // US-dollar accounts: a short list of a known size (the list is answered again once filtered).
  const unfiltered = await region.getByText(/^共 \d+ 条$/).innerText();
  await region.getByRole('search').getByLabel('币种').click();
  await pickOption(page, '美元');
  await expect(region.getByText(/^共 \d+ 条$/)).not.toHaveText(unfiltered);
  await expect(dataRows(region).first()).toBeVisible();
  await expect(region.locator('.ant-table-tbody')).not.toContainText('人民币');
  const total = Number((await region.getByText(/^共 \d+ 条$/).innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  const first = await dataRows(region).first().getAttribute('data-row-key');

  const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: /下载$/ }).click()]);
  await expect(toast(page, /^已下载：/)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(expect.arrayContaining(['账号', '账户名称', '币种', '账户状态']));
  expect(sheet.actualRowCount).toBe(total + 1);
  const accountColumn = headers.indexOf('账号') + 1;
  const currencyColumn = headers.indexOf('币种') + 1;
  const balanceColumn = headers.indexOf('余额') + 1;
  const numbers = sheet.getColumn(accountColumn).values.slice(2).map(String);
  // Account numbers are text, whole (the file is the enterprise's own record), and the first row on screen is there.
  expect(numbers).toContain(first);
  expect(sheet.getRow(2).getCell(accountColumn).type).toBe(ExcelJS.ValueType.String);
  expect(sheet.getRow(2).getCell(currencyColumn).text).toBe('美元');
  // Amounts are numbers (the sheet sums them), shown with 2 decimals.
  expect(sheet.getRow(2).getCell(balanceColumn).type).toBe(ExcelJS.ValueType.Number);
  expect(sheet.getRow(2).getCell(balanceColumn).numFmt).toMatch(/0\.00/);
});

test('a third-party institution downloads the other enterprises\' accounts it confirms', async ({ page, browser }) => {
  const institution = '2000000001';
  const expected = confirmedBy(institution);
  const admin = await enterpriseAdmin(browser, institution);
  await signIn(page, admin.username, admin.password);
  await openAccounts(page);
  const [download] = await Promise.all([page.waitForEvent('download'), view(page).getByRole('button', { name: /第三方账户下载$/ }).click()]);
  await expect(toast(page, /^已下载：/)).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual(expect.arrayContaining(['账号', '账户名称', '所属企业名称']));
  expect(sheet.actualRowCount).toBe(expected.length + 1);
  const numbers = sheet.getColumn(headers.indexOf('账号') + 1).values.slice(2).map(String);
  expect(numbers.sort()).toEqual(expected.map((a) => a.accountNo).sort());
});

test('screenshots of 账户管理 on a desktop and on a phone', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await openAccounts(page);
  await expect(dataRows(list(page, 'added')).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/accounts-added.png` });
  await view(page).getByRole('tab', { name: '未添加账户' }).click();
  await expect(dataRows(list(page, 'notAdded')).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/accounts-not-added.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await openAccounts(page);
  const table = list(page, 'added').locator('.ant-table-content');
  await expect(dataRows(list(page, 'added')).first()).toBeVisible();
  // The table scrolls inside itself; the page does not.
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/accounts-phone.png`, fullPage: true });
});
