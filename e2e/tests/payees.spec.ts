import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login } from './login-page';

// 收款人名册: the demo maker adds a payee, picking its bank from the bank-code table by typing;
// it waits as 待复核 and is no instruction's payee yet; zhouyang, a reviewer of the same
// enterprise, passes it with a signature, and it is 已生效 with its signed history. The payee's
// account number is this spec's own.

test.use({ viewport: { width: 1440, height: 900 } });

const BOOK = '/instructionManagement/payeeBook/index';
const REVIEW = '/instructionManagement/payeeReview/index';
const NAME = '深圳前海浏览器测试收款人有限公司';
const ACCOUNT = '755900012399001';

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');

/** Opens a list and narrows it to this spec's payee. */
async function findPayee(page: Page, path: string, list: string) {
  await page.goto(`${APP}${path}`);
  const region = view(page, path).getByRole('region', { name: list });
  // The first page may take a while on a busy machine.
  await expect(dataRows(region).first()).toBeVisible({ timeout: 15_000 });
  const search = region.getByRole('search');
  if ((await search.count()) > 0) {
    await search.getByLabel('收款人').fill(ACCOUNT);
    await search.getByRole('button', { name: /查\s*询/ }).click();
  }
  const row = dataRows(region).filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  return row;
}

test('a maker adds a payee from the bank-code table and it takes effect when a reviewer passes it, signed', async ({ page }) => {
  await login(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${BOOK}`);
  await view(page, BOOK).getByRole('button', { name: /新增收款人/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增收款人' });
  await dialog.getByLabel('收款人名称').fill(NAME);
  await dialog.getByLabel('收款账号').fill(ACCOUNT);
  // 招行 深圳: the short name and the city narrow the table to 招商银行's Shenzhen branches.
  await dialog.getByRole('combobox', { name: /开户行/ }).fill('招行 深圳');
  await page.locator('.ant-select-item-option', { hasText: '招商银行深圳分行营业部（308584000013）' }).click();
  await dialog.getByRole('button', { name: '提交复核' }).click();
  await expect(toast(page, '收款人已提交复核')).toBeVisible();
  await expect(dialog).toBeHidden();
  const waiting = await findPayee(page, BOOK, '收款人列表');
  await expect(waiting).toContainText('待复核');
  await expect(waiting).toContainText('招商银行深圳分行营业部');

  await page.context().clearCookies();
  await page.goto(`${APP}/login`);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await login(page, 'zhouyang', 'Demo1234');
  const row = await findPayee(page, REVIEW, '待复核收款人列表');
  await row.getByRole('button', { name: '复核' }).click();
  const review = page.getByRole('dialog', { name: '复核收款人新增' });
  await expect(review).toContainText('308584000013');
  await page.screenshot({ path: '../docs/screenshots/payee-review.png' });
  await review.getByRole('button', { name: '复核通过' }).click();
  await expect(toast(page, `已复核通过：新增收款人“${NAME}”`)).toBeVisible();

  const effective = await findPayee(page, BOOK, '收款人列表');
  await expect(effective).toContainText('已生效');
  await effective.getByRole('button', { name: '详情' }).click();
  const history = page.getByRole('dialog').getByRole('region', { name: '变更记录' });
  await expect(history).toContainText('新增 · 已通过');
  await expect(history).toContainText('已签名');
});
