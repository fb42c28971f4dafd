import ExcelJS from 'exceljs';
import { amountToChinese } from '../../packages/shared/src/rules/amount-chinese';
import { toCents } from '../../packages/shared/src/rules/decimal';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login } from './login-page';
import { instructionAccounts, masked, seatAccounts } from './seeded-accounts';

// One payment instruction from entry to execution, each step by its own login: the demo maker,
// the checker, 鼎晟投资顾问's confirmer and confirm reviewer, the custodian's checker and executor;
// the refusals around it: a reviewer's, the money checks of the entry form, and one person's
// second step. Each test writes its own instructions on accounts no other test uses.

test.use({ viewport: { width: 1440, height: 900 } });

const ENTRY = '/instructionManagement/instructionEntry/index';
const REVIEW = '/instructionManagement/instructionReview/index';
const QUERY = '/instructionManagement/instructionQuery/index';
const CONFIRM = '/thirdPartyInstructionManagement/instructionConfirmation/index';
const CHECK = '/custodianInstruction/custodianCheck/index';
const EXECUTE = '/custodianInstruction/custodianExecute/index';

const [account, second] = instructionAccounts();
const taken = new Set([account!.accountNo, second!.accountNo]);
const makerAccounts = seatAccounts('U100000101').filter((a) => !taken.has(a.accountNo));
/** For the limit breaches: one account with a single limit, one without (and so without a daily limit). */
const limited = makerAccounts.find((a) => a.singleLimit !== null)!;
const unlimited = makerAccounts.find((a) => a.singleLimit === null && a !== limited)!;
/** zhouyang (U100000104) enters and reviews on the same accounts. */
const zhouyangAccount = seatAccounts('U100000104').find((a) => !taken.has(a.accountNo) && a !== limited && a !== unlimited)!;
const DINGSHENG = '鼎晟投资顾问（上海）有限公司';
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

/** The amount a cell shows ('¥ 1,234.56', '-…'), in cents. */
const centsOf = async (cell: Locator) => toCents((await cell.innerText()).replace(/[^\d.-]/g, ''))!;

/** Opens the entry form from 指令录入. */
async function openEntryForm(page: Page) {
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  return page.getByRole('dialog', { name: '新增指令' });
}

/** Picks the payer account by its last digits, and answers the register and available balance the form shows of it. */
async function choosePayer(page: Page, dialog: Locator, accountNo: string) {
  await dialog.getByRole('combobox', { name: /付款账户/ }).fill(accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(accountNo) }).first().click();
  const facts = dialog.getByRole('region', { name: '付款账户信息' });
  await expect(facts).toBeVisible();
  return { balance: await centsOf(facts.getByLabel('账户余额')), available: await centsOf(facts.getByLabel('可用余额')), facts };
}

/** Everything but the payer account and the amount. */
async function fillPayee(dialog: Locator) {
  await dialog.getByLabel('收款人名称').fill('上海浦江证券结算专户');
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('起息日').fill(chinaDate(3));
  await dialog.getByLabel('起息日').press('Enter');
  await dialog.getByLabel('用途').fill('支付申购款');
}

const amountInput = (dialog: Locator) => dialog.getByRole('textbox', { name: '* 金额 :' });

interface Entered {
  instructionNo: string;
  /** The account's register and available balance in cents, as the form showed them before the submit. */
  before: { balance: bigint; available: bigint };
}

/**
 * Enters one instruction on `accountNo` as the signed-in maker, with `files` chosen in the form,
 * and submits it; `thirdParty` is the institution the form must show as copied from the account.
 */
async function enterInstruction(page: Page, accountNo: string, options: { thirdParty?: string | null; files?: { name: string; mimeType: string; buffer: Buffer }[]; screenshots?: boolean } = {}): Promise<Entered> {
  const { thirdParty = DINGSHENG, files = [], screenshots = false } = options;
  const dialog = await openEntryForm(page);
  const { balance, available, facts } = await choosePayer(page, dialog, accountNo);
  // The institution comes from the account, stated as text: there is nothing to choose.
  if (thirdParty) {
    await expect(facts.getByLabel('第三方机构')).toContainText(thirdParty);
    await expect(facts.getByRole('checkbox')).toHaveCount(0);
    await expect(facts.getByRole('radio')).toHaveCount(0);
  }
  await amountInput(dialog).fill(AMOUNT);
  await expect(dialog.getByLabel('大写金额')).toHaveText(`大写：${amountToChinese(AMOUNT)}`);
  await fillPayee(dialog);
  if (files.length > 0) {
    await dialog.locator('input[type="file"]').setInputFiles(files);
    for (const f of files) await expect(dialog.locator('.ant-upload-list')).toContainText(f.name);
  }
  if (screenshots) {
    // Tall enough for the whole form.
    await page.setViewportSize({ width: 1440, height: 1080 });
    await page.screenshot({ path: '../docs/screenshots/instructions-entry-form.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const submitted = toast(page, /指令 ZL\d+ 已提交复核/);
  await expect(submitted).toBeVisible();
  const instructionNo = /ZL\d+/.exec((await submitted.textContent()) ?? '')![0];
  await expect(dialog).toBeHidden();
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  await expect(dataRows(mine).first()).toContainText(instructionNo);
  await expect(dataRows(mine).first()).toContainText('待复核');
  if (screenshots) await page.screenshot({ path: '../docs/screenshots/instructions-entry.png' });
  return { instructionNo, before: { balance, available } };
}

type HomeField = 'waitReviewCount' | 'waitConfirmCount' | 'waitConfirmReviewCount' | 'waitCheckCount';

/** A count on the signed-in user's home cards, from a fresh home page; 0 when the card does not show it. */
async function homeCount(page: Page, field: HomeField): Promise<number> {
  await page.goto(`${APP}/home`);
  await expect(page.locator('[data-view="/home"] [data-home-state]')).toHaveAttribute('data-home-state', /^[12]$/);
  const link = page.locator(`[data-view="/home"] [data-field="${field}"]`);
  return (await link.count()) === 0 ? 0 : Number(await link.locator('.ant-badge-count').getAttribute('title'));
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
  test.setTimeout(300_000);
  // Each card's count before anything happens: other tests share the data, so steps are checked as deltas.
  const steps: [who: string, password: string, field: HomeField][] = [
    ['checker', 'Demo1234', 'waitReviewCount'],
    ['tpconfirm', 'Demo1234', 'waitConfirmCount'],
    ['tpreview', 'Demo1234', 'waitConfirmReviewCount'],
    ['custcheck', 'Admin1234', 'waitCheckCount'],
    ['demo', 'Demo1234', 'waitCheckCount'],
  ];
  const before: Record<string, number> = {};
  for (const [who, password, field] of steps) {
    await relogin(page, who, password);
    before[who] = await homeCount(page, field);
  }
  /** Signs in as `who` and expects their card to show one more than before the instruction. */
  const waiting = async (who: string, password: string, field: HomeField) => {
    await relogin(page, who, password);
    expect(await homeCount(page, field), `${who} ${field} with the instruction waiting`).toBe(before[who]! + 1);
  };
  const done = async (who: string, field: HomeField) => expect(await homeCount(page, field), `${who} ${field} after their step`).toBe(before[who]);

  // Entry by the maker, with a file chosen in the form, submitted at once.
  const { instructionNo, before: money } = await enterInstruction(page, account!.accountNo, { screenshots: true, files: [{ name: '划款通知.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') }] });
  expect(await homeCount(page, 'waitCheckCount')).toBe(before.demo);

  // Review by the checker, signed; the detail drawer shows the uppercase amount, the attachment and the history.
  await waiting('checker', 'Demo1234', 'waitReviewCount');
  const review = await findInstruction(page, REVIEW, '待复核指令列表', instructionNo);
  await dataRows(review).first().getByRole('button', { name: instructionNo }).click();
  const drawer = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  await expect(drawer.getByText(amountToChinese(AMOUNT))).toBeVisible();
  await expect(drawer.getByRole('region', { name: '附件' })).toContainText('划款通知.png');
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText('提交');
  await page.screenshot({ path: '../docs/screenshots/instructions-review-detail.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await dataRows(review).first().getByRole('checkbox').check();
  await page.screenshot({ path: '../docs/screenshots/instructions-review.png' });
  await decide(page, review, '复核');
  await done('checker', 'waitReviewCount');

  // The third-party institution confirms, and a second person reviews the confirmation.
  await waiting('tpconfirm', 'Demo1234', 'waitConfirmCount');
  await decide(page, await findInstruction(page, CONFIRM, '待确认指令列表', instructionNo), '确认');
  await done('tpconfirm', 'waitConfirmCount');
  await waiting('tpreview', 'Demo1234', 'waitConfirmReviewCount');
  await decide(page, await findInstruction(page, CONFIRM, '待确认复核指令列表', instructionNo), '确认复核');
  await done('tpreview', 'waitConfirmReviewCount');

  // Now with the custodian: the maker's 待托管行审核 and the checker's 待审核指令 count it.
  await waiting('demo', 'Demo1234', 'waitCheckCount');
  await waiting('custcheck', 'Admin1234', 'waitCheckCount');
  await decide(page, await findInstruction(page, CHECK, '待审核指令列表', instructionNo), '审核');
  await done('custcheck', 'waitCheckCount');
  await relogin(page, 'custexec', 'Admin1234');
  const execute = await findInstruction(page, EXECUTE, '待执行指令列表', instructionNo);
  await dataRows(execute).first().getByRole('button', { name: '执行' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, `指令 ${instructionNo} 已执行`)).toBeVisible();

  // The maker sees it executed, with every step in its history, and no longer waiting.
  await relogin(page, 'demo', 'Demo1234');
  await done('demo', 'waitCheckCount');
  const all = await findInstruction(page, QUERY, '指令列表', instructionNo);
  await expect(dataRows(all).first()).toContainText('已执行');
  await dataRows(all).first().getByRole('button', { name: instructionNo }).click();
  const detail = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  const history = detail.getByRole('region', { name: '处理记录' });
  for (const step of ['提交', '复核通过', '第三方确认通过', '确认复核通过', '托管行审核通过', '执行']) await expect(history).toContainText(step);
  await page.keyboard.press('Escape');

  // The register balance went down by the amount; the available balance with it (the amount no longer held, but paid).
  const dialog = await openEntryForm(page);
  const after = await choosePayer(page, dialog, account!.accountNo);
  expect(after.balance).toBe(money.balance - toCents(AMOUNT)!);
  expect(after.available).toBe(money.available - toCents(AMOUNT)!);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
});

test('a refused instruction shows its reason, is edited and resubmitted, then revoked', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo', 'Demo1234');
  const { instructionNo } = await enterInstruction(page, second!.accountNo);
  await relogin(page, 'checker', 'Demo1234');
  await refuse(page, await findInstruction(page, REVIEW, '待复核指令列表', instructionNo), '大额支付行号有误');

  // Back with the maker: 复核退回 with the reason; edited and submitted again.
  await relogin(page, 'demo', 'Demo1234');
  const mine = await findInstruction(page, ENTRY, '我的指令列表', instructionNo);
  await expect(dataRows(mine).first()).toContainText('复核退回');
  // The reason is on the status (and in its own column from 1600 px).
  await dataRows(mine).first().locator('.ant-tag').hover();
  await expect(page.getByRole('tooltip')).toContainText('退回原因：大额支付行号有误');
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
  // The form lists the file already on it, and takes one more, stored with the resubmit.
  const files = dialog.locator('.ant-upload-list');
  await expect(files).toContainText('付款通知.png');
  await dialog.locator('input[type="file"]').setInputFiles({ name: '补充说明.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(files).toContainText('补充说明.pdf');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, `指令 ${instructionNo} 已提交复核`)).toBeVisible();
  await expect(dataRows(mine).first()).toContainText('待复核');
  await dataRows(mine).first().getByRole('button', { name: instructionNo }).click();
  await expect(drawer.getByRole('region', { name: '附件' })).toContainText('付款通知.png');
  await expect(drawer.getByRole('region', { name: '附件' })).toContainText('补充说明.pdf');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

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

test('the entry form refuses an amount over the single limit or the available balance, and a file it does not take, saving nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo', 'Demo1234');
  const adds: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/instruction/add') || req.url().includes('/instruction/attachment/upload')) adds.push(req.url());
  });
  await page.goto(`${APP}${ENTRY}`);
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  const total = async () => Number((await mine.getByText(/^共 \d+ 条$/).innerText()).replace(/\D/g, ''));
  await expect(dataRows(mine).first()).toBeVisible();
  const count = await total();

  const dialog = await openEntryForm(page);
  await fillPayee(dialog);
  // The form's only message: the amount's.
  const amountError = dialog.locator('.ant-form-item-explain-error');
  // Over the single limit ('超过单笔限额' before any other check, as the server orders them).
  const { facts } = await choosePayer(page, dialog, limited.accountNo);
  expect(await centsOf(facts.getByLabel('单笔限额'))).toBe(toCents(limited.singleLimit));
  const overLimit = (toCents(limited.singleLimit)! + 1n).toString();
  await amountInput(dialog).fill(`${overLimit.slice(0, -2)}.${overLimit.slice(-2)}`);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(amountError).toHaveText('超过单笔限额');
  // Over the available balance, on an account without limits.
  const { available } = await choosePayer(page, dialog, unlimited.accountNo);
  expect(available).toBeGreaterThan(0n);
  const over = (available + 1n).toString().padStart(3, '0');
  await amountInput(dialog).fill(`${over.slice(0, -2)}.${over.slice(-2)}`);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(amountError).toHaveText('可用余额不足');
  // A file of a type the form does not take is refused when chosen.
  await dialog.locator('input[type="file"]').setInputFiles({ name: '合同.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(toast(page, '合同.docx：仅支持上传pdf、jpg、jpeg、png格式的文件')).toBeVisible();
  await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(0);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // Nothing was sent, nothing saved.
  expect(adds).toEqual([]);
  await page.reload();
  await expect(dataRows(mine).first()).toBeVisible();
  expect(await total()).toBe(count);
});

test('one person who may enter and review cannot review their own instruction: the server’s refusal shows', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'zhouyang', 'Demo1234');
  const { instructionNo } = await enterInstruction(page, zhouyangAccount.accountNo, { thirdParty: zhouyangAccount.thirdParty === '2000000001' ? DINGSHENG : null });
  const review = await findInstruction(page, REVIEW, '待复核指令列表', instructionNo);
  await dataRows(review).first().getByRole('checkbox').check();
  await review.getByRole('button', { name: '复核通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '同一用户不能对同一指令既录入又复核')).toBeVisible();
  // Nothing moved: it still waits for another reviewer (the list holds only those).
  await page.reload();
  const again = await findInstruction(page, REVIEW, '待复核指令列表', instructionNo);
  await expect(dataRows(again)).toHaveCount(1);
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
