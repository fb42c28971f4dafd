import ExcelJS from 'exceljs';
import { amountToChinese } from '../../packages/shared/src/rules/amount-chinese';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login } from './login-page';
import { instructionAccounts, masked } from './seeded-accounts';

// One payment instruction from entry to execution, each step by its own login: the demo maker,
// the checker, 鼎晟投资顾问's confirmer and confirm reviewer, the custodian's checker and executor.

test.use({ viewport: { width: 1440, height: 900 } });

const ENTRY = '/instructionManagement/instructionEntry/index';
const REVIEW = '/instructionManagement/instructionReview/index';
const QUERY = '/instructionManagement/instructionQuery/index';
const CONFIRM = '/thirdPartyInstructionManagement/instructionConfirmation/index';
const CHECK = '/custodianInstruction/custodianCheck/index';
const EXECUTE = '/custodianInstruction/custodianExecute/index';

const [account, second] = instructionAccounts();
const AMOUNT = '1234.56';
// A 1×1 PNG: attachments are checked by content.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');

/** China's date `days` from now, as the value date field takes it. */
const chinaDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

async function relogin(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.goto(`${APP}/login`);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await login(page, username, password);
}

/** Opens a page, narrows its list to the instruction and waits for the one row. */
async function findInstruction(page: Page, path: string, list: string, instructionNo: string) {
  await page.goto(`${APP}${path}`);
  const region = view(page, path).getByRole('region', { name: list });
  await region.getByRole('search').getByLabel('指令编号').fill(instructionNo);
  await expect(dataRows(region)).toHaveCount(1);
  await expect(dataRows(region).first()).toContainText(instructionNo);
  return region;
}

async function decide(page: Page, region: Locator, verb: string) {
  await dataRows(region).first().getByRole('checkbox').check();
  await region.getByRole('button', { name: `${verb}通过` }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '已通过 1 条指令')).toBeVisible();
  await expect(dataRows(region)).toHaveCount(0);
}

/** Enters one instruction on `accountNo` as the signed-in maker and submits it; answers its number. */
async function enterInstruction(page: Page, accountNo: string, screenshots = false): Promise<string> {
  await page.goto(`${APP}${ENTRY}`);
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  await mine.getByRole('button', { name: /新增指令/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增指令' });
  await dialog.getByLabel('付款账户').fill(accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(accountNo) }).first().click();
  await expect(dialog.getByLabel('第三方机构')).toHaveValue('鼎晟投资顾问（上海）有限公司');
  await dialog.getByRole('textbox', { name: '* 金额 :' }).fill(AMOUNT);
  await expect(dialog.getByLabel('大写金额')).toHaveText(`大写：${amountToChinese(AMOUNT)}`);
  await dialog.getByLabel('收款人名称').fill('上海浦江证券结算专户');
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('起息日').fill(chinaDate(3));
  await dialog.getByLabel('起息日').press('Enter');
  await dialog.getByLabel('用途').fill('支付申购款');
  if (screenshots) await page.screenshot({ path: '../docs/screenshots/instructions-entry-form.png' });
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const submitted = toast(page, /指令 ZL\d+ 已提交复核/);
  await expect(submitted).toBeVisible();
  const instructionNo = /ZL\d+/.exec((await submitted.textContent()) ?? '')![0];
  await expect(dialog).toBeHidden();
  await expect(dataRows(mine).first()).toContainText(instructionNo);
  await expect(dataRows(mine).first()).toContainText('待复核');
  if (screenshots) await page.screenshot({ path: '../docs/screenshots/instructions-entry.png' });
  return instructionNo;
}

async function refuse(page: Page, region: Locator, reason: string) {
  await dataRows(region).first().getByRole('checkbox').check();
  await region.getByRole('button', { name: /退\s*回/ }).click();
  const dialog = page.getByRole('dialog', { name: '复核退回' });
  await dialog.getByLabel('退回原因').fill(reason);
  await dialog.getByRole('button', { name: '确认退回' }).click();
  await expect(toast(page, '已退回 1 条指令')).toBeVisible();
}

test('one instruction from entry through review, third-party confirmation, custodian check and execution', async ({ page }) => {
  test.setTimeout(180_000);
  // Entry by the maker, submitted at once.
  await login(page, 'demo', 'Demo1234');
  const instructionNo = await enterInstruction(page, account!.accountNo, true);

  // Review by the checker, signed; the detail drawer shows the uppercase amount and the history.
  await relogin(page, 'checker', 'Demo1234');
  const review = await findInstruction(page, REVIEW, '待复核指令列表', instructionNo);
  await dataRows(review).first().getByRole('button', { name: instructionNo }).click();
  const drawer = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  await expect(drawer.getByText(amountToChinese(AMOUNT))).toBeVisible();
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText('提交');
  await page.screenshot({ path: '../docs/screenshots/instructions-review-detail.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await dataRows(review).first().getByRole('checkbox').check();
  await page.screenshot({ path: '../docs/screenshots/instructions-review.png' });
  await decide(page, review, '复核');

  // The third-party institution confirms, and a second person reviews the confirmation.
  await relogin(page, 'tpconfirm', 'Demo1234');
  await decide(page, await findInstruction(page, CONFIRM, '待确认指令列表', instructionNo), '确认');
  await relogin(page, 'tpreview', 'Demo1234');
  await decide(page, await findInstruction(page, CONFIRM, '待确认复核指令列表', instructionNo), '确认复核');

  // The custodian checks, and another staff member executes.
  await relogin(page, 'custcheck', 'Admin1234');
  await decide(page, await findInstruction(page, CHECK, '待审核指令列表', instructionNo), '审核');
  await relogin(page, 'custexec', 'Admin1234');
  const execute = await findInstruction(page, EXECUTE, '待执行指令列表', instructionNo);
  await dataRows(execute).first().getByRole('button', { name: '执行' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, `指令 ${instructionNo} 已执行`)).toBeVisible();

  // The maker sees it executed, with every step in its history.
  await relogin(page, 'demo', 'Demo1234');
  const all = await findInstruction(page, QUERY, '指令列表', instructionNo);
  await expect(dataRows(all).first()).toContainText('已执行');
  await dataRows(all).first().getByRole('button', { name: instructionNo }).click();
  const detail = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  const history = detail.getByRole('region', { name: '处理记录' });
  for (const step of ['提交', '复核通过', '第三方确认通过', '确认复核通过', '托管行审核通过', '执行']) await expect(history).toContainText(step);
});

test('a refused instruction shows its reason, is edited and resubmitted, then revoked', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo', 'Demo1234');
  const instructionNo = await enterInstruction(page, second!.accountNo);
  await relogin(page, 'checker', 'Demo1234');
  await refuse(page, await findInstruction(page, REVIEW, '待复核指令列表', instructionNo), '大额支付行号有误');

  // Back with the maker: 复核退回 with the reason; edited and submitted again.
  await relogin(page, 'demo', 'Demo1234');
  const mine = await findInstruction(page, ENTRY, '我的指令列表', instructionNo);
  await expect(dataRows(mine).first()).toContainText('复核退回');
  await expect(dataRows(mine).first()).toContainText('大额支付行号有误');
  // The maker attaches a file while the instruction is with them.
  await dataRows(mine).first().getByRole('button', { name: instructionNo }).click();
  const drawer = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  await drawer.locator('input[type="file"]').setInputFiles({ name: '付款通知.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(toast(page, '已上传：付款通知.png')).toBeVisible();
  await expect(drawer.getByRole('region', { name: '附件' })).toContainText('付款通知.png');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await dataRows(mine).first().getByRole('button', { name: '修改' }).click();
  const dialog = page.getByRole('dialog', { name: `修改指令 ${instructionNo}` });
  await expect(dialog).toContainText('退回原因：大额支付行号有误');
  await dialog.getByLabel('大额支付行号').fill('301290000015');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, `指令 ${instructionNo} 已提交复核`)).toBeVisible();
  await expect(dataRows(mine).first()).toContainText('待复核');

  // Refused once more, the maker revokes it with a reason.
  await relogin(page, 'checker', 'Demo1234');
  await refuse(page, await findInstruction(page, REVIEW, '待复核指令列表', instructionNo), '用途不清');
  await relogin(page, 'demo', 'Demo1234');
  const again = await findInstruction(page, ENTRY, '我的指令列表', instructionNo);
  await dataRows(again).first().getByRole('button', { name: '撤销' }).click();
  const revoke = page.getByRole('dialog', { name: `撤销指令 ${instructionNo}` });
  await revoke.getByLabel('撤销原因').fill('改用其他账户支付');
  await revoke.getByRole('button', { name: '确认撤销' }).click();
  await expect(toast(page, `指令 ${instructionNo} 已撤销`)).toBeVisible();
  await expect(dataRows(again).first()).toContainText('已撤销');
  await expect(dataRows(again).first().getByRole('button', { name: '修改' })).toHaveCount(0);
});

test('指令查询 downloads the enterprise’s instructions as an xlsx that reads back with its headers and rows', async ({ page }) => {
  await login(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${QUERY}`);
  const list = view(page, QUERY).getByRole('region', { name: '指令列表' });
  await expect(dataRows(list).first()).toBeVisible();
  const total = Number((await list.getByText(/^共 \d+ 条$/).innerText()).replace(/\D/g, ''));
  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: /下\s*载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('指令编号');
  expect(sheet.actualRowCount - 1).toBe(total);
  expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^ZL\d{16}$/);
});
