import ExcelJS from 'exceljs';
import { FEED_COLUMNS } from '../../packages/shared/src/rules/warning-feed';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { seededAccounts } from './seeded-accounts';

// The custodian's checker loads a new-share feed (first one with errors, which writes nothing, then
// a good one); the demo customer, logged in meanwhile in another browser, sees the new payments
// and its home count rise, confirms two with a remark and downloads the list.

test.use({ viewport: { width: 1440, height: 900 } });

const IMPORT = '/custodianInstruction/warningImport/index';
const CLEAR = '/warningInfo/clearPositionWarn/index';
const PRE = '/warningInfo/reminderOfPreCleaning/index';
const SHARE = '/warningInfo/NewSharePaymentReminder/index';

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');
/** China's date `days` from now. */
const chinaDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

const [first, second] = seededAccounts('1000000001').filter((a) => a.status === '00');
const foreign = seededAccounts('1000000002')[0]!;
const HEADER = FEED_COLUMNS.newSharePayment.join(',');
const DEADLINE = chinaDate(3);
const csv = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
const BAD = csv([
  `XGJKE2E0001,1000000001,${first!.accountNo},688990,华晨智芯,SH,2500,16.88,${DEADLINE}`,
  `XGJKE2E0001,1000000001,622299999999999901,688990,华晨智芯,SH,2500,16.88,${DEADLINE}`,
  `XGJKE2E0001,1000000001,${foreign.accountNo},688990,华晨智芯,SH,2500,16.88,${DEADLINE}`,
  `XGJKE2E0001,1000000001,${second!.accountNo},688990,华晨智芯,SH,2500,abc,2026-02-30`,
]);
const GOOD = csv([
  `XGJKE2E0002,1000000001,${first!.accountNo},688990,华晨智芯,SH,2500,16.88,${DEADLINE}`,
  `XGJKE2E0002,1000000001,${second!.accountNo},688990,华晨智芯,SH,1500,16.88,${DEADLINE}`,
]);

/** The home card's count of `field` (0 when the card does not show it). */
async function homeCount(page: Page, field: string): Promise<number> {
  await page.goto(`${APP}/home`);
  await expect(view(page, '/home').locator('[data-field], .ant-skeleton').first()).toBeVisible();
  await expect(view(page, '/home').locator('.ant-skeleton')).toHaveCount(0);
  const badge = view(page, '/home').locator(`[data-field="${field}"] .ant-badge-count`);
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('title'));
}

async function upload(page: Page, name: string, content: Buffer) {
  await view(page, IMPORT).locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
}

test('staff import a feed with errors (nothing written) then a good one; the customer sees it, confirms two payments and downloads them', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The customer first, in a browser of its own: the count before the feed.
  const customer = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  await signIn(customer, 'demo', 'Demo1234');
  const before = await homeCount(customer, 'shareCount');
  expect(before).toBeGreaterThan(0);

  // Staff: the file with errors is checked at once and lists each wrong line; 导入 stays off.
  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${IMPORT}`);
  const panel = view(page, IMPORT);
  await panel.getByRole('radiogroup').getByText('新股缴款提醒', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: '新股缴款提醒' })).toBeChecked();
  await upload(page, '新股缴款提醒_错误.csv', BAD);
  await expect(panel.getByText('校验未通过，未导入任何数据：共4条，其中3条有误')).toBeVisible();
  const errors = panel.getByRole('table', { name: '校验未通过的行' }).or(panel.locator('[aria-label="校验未通过的行"]'));
  await expect(errors).toContainText('账号不存在');
  await expect(errors).toContainText('账号不属于企业1000000001（登记在企业1000000002名下）');
  await expect(errors).toContainText('发行价格须为大于0的数，最多8位整数和4位小数；缴款截止日期须为有效日期（yyyy-MM-dd）');
  await expect(panel.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();
  await page.screenshot({ path: '../docs/screenshots/warnings-import-errors.png' });

  // The good file passes the preview, then imports.
  await upload(page, '新股缴款提醒_20261124.csv', GOOD);
  await expect(panel.getByText('校验通过：共2条，涉及1家企业，可以导入')).toBeVisible();
  await panel.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(toast(page, '导入成功：共2条，涉及1家企业')).toBeVisible();
  // The customer's home, open all along and not reloaded, shows the two payments within 2 s.
  await expect(view(customer, '/home').locator('[data-field="shareCount"] .ant-badge-count')).toHaveAttribute('title', String(before + 2), { timeout: 2_000 });
  await expect(panel.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();
  await page.screenshot({ path: '../docs/screenshots/warnings-import.png' });

  // The history has the good feed and not the refused one.
  await panel.getByRole('tab', { name: '导入记录' }).click();
  const history = panel.getByRole('region', { name: '导入记录' });
  await expect(dataRows(history).first()).toContainText('XGJKE2E0002');
  await expect(history).not.toContainText('XGJKE2E0001');
  await page.screenshot({ path: '../docs/screenshots/warnings-import-history.png' });
  // Staff see the new payments among every enterprise's.
  await panel.getByRole('tab', { name: '预警查询' }).click();
  await panel.getByRole('radiogroup').last().getByText('新股缴款提醒', { exact: true }).click();
  const across = panel.getByRole('region', { name: '新股缴款提醒（全部企业）' });
  await expect(dataRows(across).filter({ hasText: '华晨智芯（688990）' })).toHaveCount(2);
  await expect(across).toContainText('中泰安盛人寿保险股份有限公司');
  await page.screenshot({ path: '../docs/screenshots/warnings-custodian-query.png' });
  // The same file again adds nothing and says so.
  await panel.getByRole('tab', { name: '数据导入' }).click();
  await upload(page, '再次上传.csv', GOOD);
  await expect(panel.getByText(/^批次XGJKE2E0002已于.+导入，本次未新增数据$/)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();

  // The customer's count rose by the two payments.
  expect(await homeCount(customer, 'shareCount')).toBe(before + 2);
  await customer.screenshot({ path: '../docs/screenshots/warnings-home.png' });
  await customer.goto(`${APP}${SHARE}`);
  const list = view(customer, SHARE).getByRole('region', { name: '新股缴款提醒列表' });
  await list.getByRole('search').getByLabel('状态').click();
  await customer.locator('.ant-select-item-option', { hasText: '未缴款' }).click();
  const fresh = dataRows(list).filter({ hasText: '华晨智芯（688990）' });
  await expect(fresh).toHaveCount(2);
  // quantity × price, exactly: 2,500 × 16.88 and 1,500 × 16.88.
  await expect(fresh.filter({ hasText: '￥ 42,200.00' })).toHaveCount(1);
  await expect(fresh.filter({ hasText: '￥ 25,320.00' })).toHaveCount(1);

  // The detail drawer.
  await fresh.first().getByRole('button', { name: '详情' }).click();
  const drawer = customer.getByRole('dialog', { name: '新股缴款提醒详情' });
  await expect(drawer).toContainText('XGJKE2E0002');
  await expect(drawer).toContainText('华晨智芯（688990）');
  await customer.screenshot({ path: '../docs/screenshots/warnings-detail.png' });
  await customer.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Both confirmed at once, with the remark.
  for (const row of await fresh.all()) await row.getByRole('checkbox').check();
  await list.getByRole('button', { name: '确认缴款' }).click();
  const dialog = customer.getByRole('dialog', { name: '确认缴款' });
  await expect(dialog).toContainText('已选择 2 条，应缴金额合计 ￥ 67,520.00');
  await dialog.getByLabel('处理说明').fill('已于缴款日15:00前足额划款');
  await customer.screenshot({ path: '../docs/screenshots/warnings-handle.png' });
  await dialog.getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(toast(customer, '已确认缴款 2 条新股缴款提醒')).toBeVisible();
  await expect(dataRows(list).filter({ hasText: '华晨智芯（688990）' })).toHaveCount(0);
  await list.getByRole('search').getByRole('button', { name: /重\s*置/ }).click();
  await expect(dataRows(list).filter({ hasText: '华晨智芯（688990）' }).first()).toContainText('已确认缴款');
  // Who confirmed: in its column from 1600 px.
  await customer.setViewportSize({ width: 1600, height: 900 });
  await expect(dataRows(list).filter({ hasText: '华晨智芯（688990）' }).first()).toContainText('张晓明');
  await customer.screenshot({ path: '../docs/screenshots/warnings-new-share.png' });

  // The list downloads as xlsx with the two confirmed payments in it.
  const downloading = customer.waitForEvent('download');
  await list.getByRole('button', { name: /下\s*载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^新股缴款提醒_\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['账号', '账户名称', '股票代码', '股票名称', '市场', '配售数量', '发行价格', '应缴金额', '缴款截止日期', '状态', '确认人', '处理时间', '处理说明']);
  const ours: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values[2] === '688990') ours.push(values);
  });
  expect(ours.map((v) => [v[0], v[5], v[7], v[9], v[12]]).sort()).toEqual(
    [
      [first!.accountNo, 2500, 42200, '已确认缴款', '已于缴款日15:00前足额划款'],
      [second!.accountNo, 1500, 25320, '已确认缴款', '已于缴款日15:00前足额划款'],
    ].sort(),
  );

  // Back to where it was.
  expect(await homeCount(customer, 'shareCount')).toBe(before);
  await customer.close();
});

test('the clear-position and pre-cleaning screens show the demo warnings, shortfalls highlighted', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${CLEAR}`);
  const clear = view(page, CLEAR).getByRole('region', { name: '清仓预警列表' });
  await expect(dataRows(clear).first()).toBeVisible({ timeout: 20_000 });
  await expect(dataRows(clear).first()).toContainText('未处理');
  await page.screenshot({ path: '../docs/screenshots/warnings-clear-position.png' });

  await page.goto(`${APP}${PRE}`);
  const pre = view(page, PRE).getByRole('region', { name: '预清算提醒列表' });
  // As every list's first load here: the whole suite's writes before it can make it slow.
  await expect(dataRows(pre).first()).toBeVisible({ timeout: 20_000 });
  await expect(pre.locator('.ant-typography-danger').first()).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/warnings-pre-cleaning.png' });
});
