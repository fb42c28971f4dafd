import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { amountToChinese } from '../../packages/shared/src/rules/amount-chinese';
import { toCents } from '../../packages/shared/src/rules/decimal';
import { groupAccountNo } from '../../packages/shared/src/rules/mask';
import { INSTRUCTION_MESSAGES } from '../../packages/shared/src/api/instructions';
import { BUSINESS_MORNING, BUSINESS_TODAY, NEXT_BUSINESS_DAY, atBusinessTime } from './business-day';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { approvePending, expectHeld, openSecondAdmin } from './pending-changes';
import { NOT_ADDED, instructionAccounts, masked, seatAccounts } from './seeded-accounts';

// One payment instruction from entry to execution, each step by its own login: the demo maker,
// the checker, 鼎晟投资顾问's confirmer and confirm reviewer, the custodian's checker and executor;
// the refusals around it: a reviewer's, the money checks of the entry form, and one person's
// second step. Each test writes its own instructions on accounts no other test uses.

// The server judges value dates and cut-offs at 10:00 on a business day, whatever day the suite runs.
test.use({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: atBusinessTime(BUSINESS_MORNING) });

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

/** Everything but the payer account and the amount; the value date today unless said (the custodian pays on it). */
async function fillPayee(dialog: Locator, valueDate = BUSINESS_TODAY) {
  await dialog.getByLabel('收款人名称').fill('上海浦江证券结算专户');
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('起息日').fill(valueDate);
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
async function enterInstruction(
  page: Page,
  accountNo: string,
  options: { thirdParty?: string | null; files?: { name: string; mimeType: string; buffer: Buffer }[]; screenshots?: boolean; valueDate?: string } = {},
): Promise<Entered> {
  const { thirdParty = DINGSHENG, files = [], screenshots = false, valueDate } = options;
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
  // What the account keeps once this instruction is held shows as the amount is typed.
  await expect.poll(() => centsOf(facts.getByLabel('本笔后可用'))).toBe(available - toCents(AMOUNT)!);
  await fillPayee(dialog, valueDate);
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

type HomeField = 'waitReviewCount' | 'waitConfirmCount' | 'waitConfirmReviewCount' | 'waitCheckCount' | 'noReviewerAccountCount';

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

/** Clicks 下载 beside the attachment `fileName` in the drawer and answers the saved file's bytes. */
async function downloadedBytes(page: Page, drawer: Locator, fileName: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('region', { name: '附件' }).locator('.ant-list-item', { hasText: fileName }).getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  return readFile(await download.path());
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
    await signIn(page, who, password);
    before[who] = await homeCount(page, field);
  }
  /** Signs in as `who` and expects their card to show one more than before the instruction. */
  const waiting = async (who: string, password: string, field: HomeField) => {
    await signIn(page, who, password);
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
  // The picture downloads as it was uploaded, byte for byte.
  expect(await downloadedBytes(page, drawer, '划款通知.png')).toEqual(Buffer.from(PNG, 'base64'));
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText('提交');
  await page.screenshot({ path: '../docs/screenshots/instructions-review-detail.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await dataRows(review).first().getByRole('checkbox').check();
  // Before signing, the batch's money per payer account shows under the list.
  const batchRow = view(page, REVIEW).getByRole('region', { name: '本批资金预估' }).getByRole('row').filter({ hasText: masked(account!.accountNo) });
  await expect(batchRow).toContainText('1,234.56');
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
  await signIn(page, 'custexec', 'Admin1234');
  const execute = await findInstruction(page, EXECUTE, '待执行指令列表', instructionNo);
  // The custodian downloads the attachment too, and sees the check signed.
  await dataRows(execute).first().getByRole('button', { name: instructionNo }).click();
  const staffDrawer = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  expect(await downloadedBytes(page, staffDrawer, '划款通知.png')).toEqual(Buffer.from(PNG, 'base64'));
  const checked = staffDrawer.getByRole('region', { name: '处理记录' });
  await expect(checked.getByRole('listitem').filter({ hasText: '托管行审核通过' })).toContainText('已签名');
  await page.keyboard.press('Escape');
  await expect(staffDrawer).toBeHidden();
  // The dialog shows whole account numbers in groups of 4 and the amount with its currency.
  await dataRows(execute).first().getByRole('button', { name: '执行' }).click();
  const pay = page.getByRole('dialog', { name: `执行指令 ${instructionNo}` });
  await expect(pay.getByLabel('付款账号')).toHaveText(groupAccountNo(account!.accountNo));
  await expect(pay.getByLabel('收款账号')).toHaveText('3100 6672 6018 8000 1234 5');
  await expect(pay.getByLabel('金额')).toHaveText('￥ 1,234.56');
  await page.screenshot({ path: '../docs/screenshots/instr-a-execute-dialog.png' });
  // The execution is signed: the request carries the signature.
  const executing = page.waitForRequest((req) => req.url().includes('/custodian/instruction/execute'));
  await pay.getByRole('button', { name: '确认执行' }).click();
  expect((await executing).postData() ?? '').not.toBe('');
  await expect(toast(page, `指令 ${instructionNo} 已执行`)).toBeVisible();

  // The maker sees it executed, with every step in its history, and no longer waiting.
  await signIn(page, 'demo', 'Demo1234');
  await done('demo', 'waitCheckCount');
  const all = await findInstruction(page, QUERY, '指令列表', instructionNo);
  await expect(dataRows(all).first()).toContainText('已执行');
  await dataRows(all).first().getByRole('button', { name: instructionNo }).click();
  const detail = page.getByRole('dialog', { name: `指令详情 ${instructionNo}` });
  const history = detail.getByRole('region', { name: '处理记录' });
  for (const step of ['提交', '复核通过', '第三方确认通过', '确认复核通过', '托管行审核通过', '执行']) await expect(history).toContainText(step);
  // Every decision and the execution were signed (the server refuses them unsigned); entry and submit are not.
  const step = (name: string) => history.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  for (const signed of ['复核通过', '第三方确认通过', '确认复核通过', '托管行审核通过', '执行']) await expect(step(signed).getByText('已签名', { exact: true }), signed).toBeVisible();
  for (const unsigned of ['录入', '提交']) await expect(step(unsigned).getByText('已签名')).toHaveCount(0);
  await page.screenshot({ path: '../docs/screenshots/instr-b-detail-signed-steps.png' });
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
  await signIn(page, 'demo', 'Demo1234');
  const { instructionNo } = await enterInstruction(page, second!.accountNo);
  await signIn(page, 'checker', 'Demo1234');
  await refuse(page, await findInstruction(page, REVIEW, '待复核指令列表', instructionNo), '大额支付行号有误');

  // Back with the maker: 复核退回 with the reason; edited and submitted again.
  await signIn(page, 'demo', 'Demo1234');
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
  await signIn(page, 'checker', 'Demo1234');
  await refuse(page, await findInstruction(page, REVIEW, '待复核指令列表', instructionNo), '用途不清');
  await signIn(page, 'demo', 'Demo1234');
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
  await signIn(page, 'demo', 'Demo1234');
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
  await signIn(page, 'zhouyang', 'Demo1234');
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
  await signIn(page, 'demo', 'Demo1234');
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

/** Narrows a list to the payee's instructions (a contains-match on the payee name). */
/** Enters and submits one instruction to `payee` (a name the lists can be narrowed to), in another currency or to another account when told. */
async function submitForPayee(page: Page, payerNo: string, payee: string, o: { amount: string; valueDate: string; accountNo?: string; currency?: string }) {
  const dialog = await openEntryForm(page);
  await choosePayer(page, dialog, payerNo);
  await amountInput(dialog).fill(o.amount);
  await fillPayee(dialog, o.valueDate);
  await dialog.getByLabel('收款人名称').fill(payee);
  if (o.accountNo) await dialog.getByLabel('收款账号').fill(o.accountNo);
  if (o.currency) {
    await dialog.getByLabel('币种').click();
    await page.locator('.ant-select-item-option', { hasText: o.currency }).first().click();
  }
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, /指令 ZL\d+ 已提交复核/).last()).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
}

async function filterPayee(region: Locator, payee: string, rows: number) {
  const search = region.getByRole('search');
  const more = search.getByRole('button', { name: /更多条件/ });
  if (await more.isVisible()) await more.click();
  await search.getByLabel('收款人').fill(payee);
  await expect(dataRows(region)).toHaveCount(rows);
}

/** Selects every row of the list, asks to pass them and answers the confirmation's text, then confirms. */
async function passAll(page: Page, region: Locator, verb: string) {
  for (const line of await dataRows(region).all()) await line.getByRole('checkbox').check();
  await region.getByRole('button', { name: `${verb}通过` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定${verb}通过` });
  const text = (await confirm.innerText()).replace(/\s+/g, ' ');
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, /已通过 \d+ 条指令/)).toBeVisible({ timeout: 20_000 });
  return text;
}

test('a batch totals each currency apart, and the custodian cannot pay before the value date', async ({ page }) => {
  test.setTimeout(240_000);
  const others = new Set([...taken, limited.accountNo, unlimited.accountNo, zhouyangAccount.accountNo]);
  const payer = seatAccounts('U100000101').find((a) => !others.has(a.accountNo) && !a.thirdParty && Number(a.balance) > 100_000)!;
  const payee = `合计测试${Date.now() % 1_000_000}`;
  await signIn(page, 'demo', 'Demo1234');
  // Tomorrow's payment in CNY, and one in USD to an IBAN-style account (letters go by SWIFT).
  for (const [currency, accountNo] of [
    ['人民币', '310066726018800012345'],
    ['美元', 'GB82WEST12345698765432'],
  ] as const) {
    await submitForPayee(page, payer.accountNo, payee, { amount: AMOUNT, valueDate: NEXT_BUSINESS_DAY, accountNo, currency });
  }

  // The reviewer's and the custodian checker's confirmations: one total per currency, never one sum.
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${REVIEW}`);
  const review = view(page, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await filterPayee(review, payee, 2);
  for (const line of await dataRows(review).all()) await line.getByRole('checkbox').check();
  await review.getByRole('button', { name: '复核通过' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定复核通过' });
  await expect(confirm).toContainText(/合计 (￥ 1,234\.56；\$ 1,234\.56|\$ 1,234\.56；￥ 1,234\.56)/);
  await expect(confirm).not.toContainText('2,469.12');
  await page.screenshot({ path: '../docs/screenshots/instr-a-batch-totals.png' });
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '已通过 2 条指令')).toBeVisible({ timeout: 20_000 });

  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${CHECK}`);
  const check = view(page, CHECK).getByRole('region', { name: '待审核指令列表' });
  await filterPayee(check, payee, 2);
  expect(await passAll(page, check, '审核')).toMatch(/合计 (￥ 1,234\.56；\$ 1,234\.56|\$ 1,234\.56；￥ 1,234\.56)/);

  // Execution waits for the value date: the dialog says why and offers nothing.
  await signIn(page, 'custexec', 'Admin1234');
  await page.goto(`${APP}${EXECUTE}`);
  const execute = view(page, EXECUTE).getByRole('region', { name: '待执行指令列表' });
  await filterPayee(execute, payee, 2);
  await dataRows(execute).first().getByRole('button', { name: '执行' }).click();
  const pay = page.getByRole('dialog', { name: /^执行指令 ZL\d+$/ });
  await expect(pay.getByRole('alert')).toHaveText(`起息日为${NEXT_BUSINESS_DAY}，${INSTRUCTION_MESSAGES.executeEarly}`);
  await expect(pay.getByRole('button', { name: '确认执行' })).toBeDisabled();
  await page.screenshot({ path: '../docs/screenshots/instr-a-execute-early.png' });
  await pay.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dataRows(execute)).toHaveCount(2);
});

test('a review sent during an outage goes again with its key and passes once; a batch with a row changed meanwhile offers the rest', async ({ page }) => {
  test.setTimeout(240_000);
  const others = new Set([...taken, limited.accountNo, unlimited.accountNo, zhouyangAccount.accountNo]);
  const candidates = seatAccounts('U100000101').filter((a) => !others.has(a.accountNo) && !a.thirdParty && Number(a.balance) > 100_000);
  // The last such account: the batch-totals test takes the first.
  const payer = candidates.at(-1)!;
  expect(candidates.length).toBeGreaterThan(1);
  const payee = `重试测试${Date.now() % 1_000_000}`;
  await signIn(page, 'demo', 'Demo1234');
  for (let i = 0; i < 2; i++) await submitForPayee(page, payer.accountNo, payee, { amount: '10.00', valueDate: BUSINESS_TODAY });

  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${REVIEW}`);
  const review = view(page, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await filterPayee(review, payee, 2);
  const [first, second] = await dataRows(review).all();
  const secondId = Number(await second!.getAttribute('data-row-key'));
  const secondNo = (await second!.innerText()).match(/ZL\d+/)![0];

  // The first send: refused because the second instruction changed meanwhile (as if another reviewer was first).
  const sent: string[] = [];
  await page.route('**/instruction/review', async (route) => {
    sent.push(route.request().headers()['idempotency-key'] ?? '');
    if (sent.length === 1) {
      const refusal = { returnCode: '010001', returnMsg: `${INSTRUCTION_MESSAGES.stale}：${secondNo}`, data: { stale: [secondId] } };
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) });
    }
    // The offer's send meets an outage once, then goes through.
    if (sent.length === 2) return route.fulfill({ status: 503, headers: { 'retry-after': '3' }, contentType: 'application/json', body: JSON.stringify({ returnCode: '050003', returnMsg: '服务暂不可用，请稍后再试', data: null }) });
    return route.continue();
  });
  await first!.getByRole('checkbox').check();
  await second!.getByRole('checkbox').check();
  await review.getByRole('button', { name: '复核通过' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定复核通过' }).getByRole('button', { name: /确\s*定|OK/ }).click();
  const offer = page.getByRole('dialog').filter({ hasText: '部分指令已被处理' });
  await expect(offer).toContainText('有 1 条指令的状态已变更，已取消选择并刷新列表。是否重新签名并复核通过其余 1 条指令（合计 ￥ 10.00）？');
  await page.screenshot({ path: '../docs/screenshots/instr-a-stale-batch.png' });
  await offer.getByRole('button', { name: '复核通过其余指令' }).click();
  await expect(page.locator('.ant-message').getByText(/服务暂不可用，正在重新提交（第2次，共4次）/)).toBeVisible();
  await expect(toast(page, '已通过 1 条指令')).toBeVisible({ timeout: 20_000 });
  // The retry carried the key of its first attempt; the offer was a new action with a new key.
  expect(sent).toHaveLength(3);
  expect(sent[2]).toBe(sent[1]);
  expect(sent[1]).not.toBe(sent[0]);
  await page.unroute('**/instruction/review');
  await expect(dataRows(review)).toHaveCount(1);
});

test('the payee account of a CNY payment takes digits only, with the message at the field', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  const adds: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/instruction/add')) adds.push(req.url());
  });
  const dialog = await openEntryForm(page);
  await choosePayer(page, dialog, unlimited.accountNo);
  await amountInput(dialog).fill('1.00');
  await fillPayee(dialog);
  await dialog.getByLabel('收款账号').fill('ABCD-1234');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const field = dialog.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: /收款账号/ }) });
  await expect(field.locator('.ant-form-item-explain-error')).toHaveText('人民币收款账号须为8到32位数字');
  await page.screenshot({ path: '../docs/screenshots/instr-a-payee-account.png' });
  // In US dollars (abroad by SWIFT) the same number is taken.
  await dialog.getByLabel('币种').click();
  await page.locator('.ant-select-item-option', { hasText: '美元' }).first().click();
  await expect(field.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  expect(adds).toEqual([]);
});

test('an account nobody may review on is named on the administrator’s home, and the maker is warned at selection and submit', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const account = NOT_ADDED[8]!;
  await signIn(page, 'qyadmin', 'Demo1234');
  const before = await homeCount(page, 'noReviewerAccountCount');
  // Added to e-banking with the maker's entry right only.
  await page.goto(`${APP}/system/accountManagement/index?tab=added`);
  const accounts = page.locator('[data-view="/system/accountManagement/index"]');
  const added = accounts.getByRole('region', { name: '已添加账户列表' });
  await added.getByRole('button', { name: /添加账户/ }).click();
  const add = page.getByRole('dialog', { name: '添加账户' });
  await add.getByLabel('账号').fill(account.accountNo);
  await add.getByRole('button', { name: /查\s*询/ }).click();
  await expect(add.getByText('账户名称')).toBeVisible();
  await add.getByLabel('账户别名').fill('无复核测试户');
  // Signed, as every account write: slow on a busy machine.
  await add.getByRole('button', { name: /确认添加/ }).click();
  await expect(add).toBeHidden({ timeout: 20_000 });
  await added.getByRole('search').getByLabel('账号').fill(account.accountNo);
  await expect(dataRows(added)).toHaveCount(1);
  await added.locator(`tr[data-row-key="${account.accountNo}"]`).getByRole('button', { name: '账户授权' }).click();
  const auth = page.getByRole('dialog', { name: '账户授权' });
  await auth.getByRole('row').filter({ hasText: 'U100000101' }).getByRole('checkbox', { name: /录入$/ }).check();
  await auth.getByRole('button', { name: /保\s*存/ }).click();
  // Account rights wait for the enterprise's second administrator.
  await expect(auth).toBeHidden({ timeout: 20_000 });
  await expectHeld(page);
  const approver = await openSecondAdmin(browser, 'qyapprove', 'Demo1234');
  await approvePending(approver, '调整用户号 U100000101 的账户权限');
  await approver.close();

  expect(await homeCount(page, 'noReviewerAccountCount')).toBe(before + 1);
  await page.screenshot({ path: '../docs/screenshots/instr-a-home-no-reviewer.png' });

  await signIn(page, 'demo', 'Demo1234');
  const dialog = await openEntryForm(page);
  const { facts } = await choosePayer(page, dialog, account.accountNo);
  await expect(facts.getByRole('alert')).toHaveText(INSTRUCTION_MESSAGES.noReviewer);
  await page.screenshot({ path: '../docs/screenshots/instr-a-entry-no-reviewer.png' });
  await amountInput(dialog).fill('1.00');
  await fillPayee(dialog);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, new RegExp(`^指令 ZL\\d+ 已提交，但${INSTRUCTION_MESSAGES.noReviewer}$`))).toBeVisible({ timeout: 20_000 });
});

/** Whether each element shows its text on one line: no taller than one line of its own font. */
const oneLine = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
      return { text: (el as HTMLElement).innerText, oneLine: el.getBoundingClientRect().height < line * 1.5 };
    }),
  );

/** The headers of a list's table, and whether it fits its card (no sideways scrolling, no header under the fixed 操作 column). */
const tableLayout = (region: Locator) =>
  region.locator('.ant-table').evaluate((table) => {
    const scroller = table.querySelector('.ant-table-content, .ant-table-body')!;
    const headers = Array.from(table.querySelectorAll('thead th'));
    const fixed = headers.find((th) => /ant-table-cell-fix-(right|end)/.test(th.className));
    const edge = fixed?.getBoundingClientRect().left ?? Infinity;
    return {
      headers: headers.map((th) => th.textContent?.trim() ?? '').filter(Boolean),
      scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
      covered: headers.filter((th) => th !== fixed && !/ant-table-cell-fix/.test(th.className) && th.getBoundingClientRect().right > edge + 1).map((th) => th.textContent),
    };
  });

/** The names of a decision list's cells that are cut (taller or wider than their box). */
const cutNames = (region: Locator) =>
  region.locator('.ant-table-tbody [data-name]').evaluateAll((els) => els.filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1).map((el) => (el as HTMLElement).innerText));

test('each decision list shows at 1280 px what its step decides on, without scrolling sideways', async ({ page }) => {
  // Four logins, each list read and photographed.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const lists = [
    // The reviewer decides on the payer accounts they hold the review right on, and may not review their own entry: the maker.
    { who: 'ztreview', password: 'Demo1234', path: REVIEW, list: '待复核指令列表', headers: ['指令编号 / 类型', '付款账户', '收款人 / 收款账号', '金额 / 起息日', '经办人'], shot: 'instr-b-review-1280.png' },
    // One institution confirms for several enterprises: whose instruction, from which account.
    { who: 'tpconfirm', password: 'Demo1234', path: CONFIRM, list: '待确认指令列表', headers: ['指令编号 / 类型', '企业 / 付款账户', '收款人 / 收款账号', '金额 / 起息日'], shot: 'instr-b-confirm-1280.png' },
    { who: 'custcheck', password: 'Admin1234', path: CHECK, list: '待审核指令列表', headers: ['指令编号 / 类型', '企业 / 付款账户', '收款人 / 收款账号', '金额 / 起息日'], shot: 'instr-b-custodian-check-1280.png' },
    { who: 'custexec', password: 'Admin1234', path: EXECUTE, list: '待执行指令列表', headers: ['指令编号 / 类型', '企业 / 付款账户', '收款人 / 收款账号', '金额 / 起息日'], shot: 'instr-b-custodian-execute-1280.png' },
  ];
  for (const { who, password, path, list, headers, shot } of lists) {
    await signIn(page, who, password);
    await page.goto(`${APP}${path}`);
    const region = view(page, path).getByRole('region', { name: list });
    await expect(dataRows(region).first(), `${who}: seeded instructions wait in ${list}`).toBeVisible({ timeout: 20_000 });
    // Loaded once and settled: the two-line cells start no further loading.
    await expect(view(page, path).locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
    const layout = await tableLayout(region);
    expect(layout.headers, who).toEqual(expect.arrayContaining([...headers, '操作']));
    expect(layout.scrolls, `${who}: ${list} scrolls sideways at 1280 px`).toBe(false);
    expect(layout.covered, `${who}: headers under 操作`).toEqual([]);
    // The cells read: an account number, a payee and its account, an amount with its value date; no name cut.
    const row = dataRows(region).first();
    await expect(row).toContainText(/ZL\d{16}/);
    // Account numbers as every list shows them: grouped by four, or masked when long.
    await expect(row).toContainText(/\d{6} \*{6} \d{4}|\d{4} \d{4} \d{4}/);
    await expect(row).toContainText(/[￥₩$]\s?[\d,]+\.\d{2}/);
    await expect(row).toContainText(/起息日 \d{4}-\d{2}-\d{2}/);
    expect(await cutNames(region), `${who}: names cut`).toEqual([]);
    expect((await oneLine(region.locator('.ant-table-tbody [data-amount]'))).filter((a) => !a.oneLine), `${who}: amounts on one line`).toEqual([]);
    await page.screenshot({ path: `../docs/screenshots/${shot}` });
  }
});

test('on a phone the entry form keeps each amount on one line, and the list shows amount and payee', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'demo', 'Demo1234');

  // 指令查询: one column per row with the number, the status, the payee and the amount.
  await page.goto(`${APP}${QUERY}`);
  const list = view(page, QUERY).getByRole('region', { name: '指令列表' });
  await expect(dataRows(list).first()).toBeVisible({ timeout: 20_000 });
  const summaries = list.getByTestId('instruction-summary');
  await expect(summaries.first()).toContainText(/ZL\d{16}/);
  const rows = await dataRows(list).count();
  await expect(summaries).toHaveCount(rows);
  for (let i = 0; i < Math.min(rows, 5); i += 1) {
    const summary = summaries.nth(i);
    await expect(summary.locator('.ant-typography')).not.toHaveText('');
    await expect(summary.locator('[data-amount]')).toHaveText(/^[￥₩$]\s?[\d,]+\.\d{2}$/);
    // The payee and the amount are on screen, not beyond the table's right edge.
    for (const part of [summary.locator('.ant-typography'), summary.locator('[data-amount]')]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  }
  expect((await oneLine(list.locator('[data-testid="instruction-summary"] [data-amount]'))).filter((a) => !a.oneLine)).toEqual([]);
  // The row, 详情 included, fits the phone without scrolling the table sideways.
  expect((await tableLayout(list)).scrolls).toBe(false);
  await page.screenshot({ path: '../docs/screenshots/instr-b-instruction-query-phone.png' });

  // The entry form: each label over its value, each amount whole on its line.
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增指令' });
  const { facts } = await choosePayer(page, dialog, limited.accountNo);
  const amounts = facts.locator('[data-amount]');
  expect(await amounts.count()).toBeGreaterThanOrEqual(3);
  const read = await oneLine(amounts);
  expect(read.filter((a) => !a.oneLine)).toEqual([]);
  for (const a of read) expect(a.text).toMatch(/^[￥₩$]\s?[\d,]+\.\d{2}$/);
  await facts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '../docs/screenshots/instr-b-entry-form-phone.png' });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
});

test('two reviewers of one enterprise: the rows one has selected show the other who is on them, last and dimmed', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // An account 华夏远航's maker enters on and both the checker (李静) and zhouyang (周洋) review; no other test enters on it.
  const others = new Set([...taken, limited.accountNo, unlimited.accountNo, zhouyangAccount.accountNo]);
  const payer = seatAccounts('U100000101').find((a) => a.seats.has('U100000102') && a.seats.has('U100000104') && a.thirdParty && a.currency === 'CNY' && !others.has(a.accountNo))!;
  const payee = `并行复核${Date.now() % 1_000_000}`;
  await signIn(page, 'demo', 'Demo1234');
  for (let i = 0; i < 3; i++) {
    const dialog = await openEntryForm(page);
    await choosePayer(page, dialog, payer.accountNo);
    await amountInput(dialog).fill('10.00');
    await fillPayee(dialog);
    await dialog.getByLabel('收款人名称').fill(payee);
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(toast(page, /指令 ZL\d+ 已提交复核/).last()).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
  }

  // 李静 selects the newest row: once the selection settles it is claimed.
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${REVIEW}`);
  const mine = view(page, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await filterPayee(mine, payee, 3);
  const held = (await dataRows(mine).first().innerText()).match(/ZL\d+/)![0];
  const claimed = page.waitForResponse((res) => res.url().endsWith('/instruction/claim'));
  await dataRows(mine).first().getByRole('checkbox').check();
  expect((await claimed).status()).toBe(200);

  // 周洋, in a browser of his own, finds it last, dimmed, with her name on it.
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 }, extraHTTPHeaders: atBusinessTime(BUSINESS_MORNING) });
  const other = await context.newPage();
  await signIn(other, 'zhouyang', 'Demo1234');
  await other.goto(`${APP}${REVIEW}`);
  const theirs = view(other, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await filterPayee(theirs, payee, 3);
  await expect(dataRows(theirs).last()).toContainText(held);
  await expect(dataRows(theirs).last().getByText('李静正在处理')).toBeVisible();
  await expect(dataRows(theirs).last()).toHaveCSS('opacity', '1');
  await expect(dataRows(theirs).last().locator('td.ant-table-cell:not(.ant-table-selection-column)').first()).toHaveCSS('opacity', '0.6');
  await expect(theirs.getByText(/正在处理$/)).toHaveCount(1);
  await other.screenshot({ path: '../docs/screenshots/instr-a-claimed-row.png' });

  // Her own list does not name her.
  await expect(mine.getByText(/正在处理$/)).toHaveCount(0);

  // Unselected, the row is free again at 周洋's next look.
  const released = page.waitForResponse((res) => res.url().endsWith('/instruction/claim'));
  await dataRows(mine).first().getByRole('checkbox').uncheck();
  expect((await released).status()).toBe(200);
  await other.reload();
  await filterPayee(theirs, payee, 3);
  await expect(dataRows(theirs).first()).toContainText(held);
  await expect(theirs.getByText(/正在处理$/)).toHaveCount(0);
  await context.close();
});
