import { expect, test, type Locator, type Page } from './fixtures';
import { BUSINESS_MORNING, BUSINESS_TODAY, atBusinessTime } from './business-day';
import { APP, signIn } from './login-page';
import { instructionAccounts, masked } from './seeded-accounts';

// 指令模板: the demo maker keeps a template for a payee of the book with the type, payer account,
// payee and purpose locked; it waits as 待复核 until zhouyang, a reviewer of the same enterprise,
// passes it with a signature; the maker then starts an instruction 从模板新建: the form comes
// pre-filled, the locked fields cannot be changed, and the instruction records the template. The
// template's name is this run's own. The business clock stands at 10:00 so today's cut-off lies ahead.

test.use({ viewport: { width: 1440, height: 900 } });

const LIST = '/instructionManagement/instructionTemplate/index';
const REVIEW = '/instructionManagement/templateReview/index';
const ENTRY = '/instructionManagement/instructionEntry/index';
const NAME = `浏览器测试模板${Date.now().toString().slice(-6)}`;
const PAYEE = '中信证券股份有限公司';
const PURPOSE = '证券交收资金（浏览器测试）';

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');

/** Opens a list and narrows it to this run's template. */
async function findTemplate(page: Page, path: string, list: string) {
  await page.goto(`${APP}${path}`);
  const region = view(page, path).getByRole('region', { name: list });
  await expect(dataRows(region).first()).toBeVisible({ timeout: 30_000 });
  const search = region.getByRole('search');
  if ((await search.count()) > 0) {
    await search.getByLabel('模板').fill(NAME);
    await search.getByRole('button', { name: /查\s*询/ }).click();
  }
  const row = dataRows(region).filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  return row;
}

/** Fails when the page scrolls sideways. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

/** The page at 1440 and at 390 px wide, for the docs (`name`-1440.png and `name`-390.png under the run's output). */
async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  await page.screenshot({ path: outputPath(`${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: outputPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a maker keeps a template with locked fields, a reviewer passes it signed, and an instruction made from it keeps them', async ({ page }, testInfo) => {
  // Three people's steps and six screenshots on a shared machine.
  test.setTimeout(180_000);
  const out = (name: string) => testInfo.outputPath(name);
  const payer = instructionAccounts()[0]!.accountNo;
  await page.setExtraHTTPHeaders(atBusinessTime(BUSINESS_MORNING));

  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${LIST}`);
  await view(page, LIST).getByRole('button', { name: /新增模板/ }).click();
  const form = page.getByRole('dialog', { name: '新增指令模板' });
  await form.getByRole('textbox', { name: /模板名称/ }).fill(NAME);
  await form.getByRole('combobox', { name: /付款账户/ }).fill(payer.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(payer) }).first().click();
  await form.getByRole('combobox', { name: /收款人/ }).fill('中信证券');
  await page.locator('.ant-select-item-option', { hasText: PAYEE }).first().click();
  await form.getByRole('textbox', { name: /用途/ }).fill(PURPOSE);
  // Type, payer account and payee come locked; the purpose is locked too.
  await expect(form.getByRole('checkbox', { name: '收款人' })).toBeChecked();
  await form.getByRole('checkbox', { name: '用途' }).check();
  await form.getByRole('button', { name: '提交复核' }).click();
  await expect(toast(page, '指令模板已提交复核')).toBeVisible({ timeout: 15_000 });
  await expect(form).toBeHidden();
  const waiting = await findTemplate(page, LIST, '指令模板列表');
  await expect(waiting).toContainText('待复核');
  await shoot(page, 'templates-list', out);

  await signIn(page, 'zhouyang', 'Demo1234');
  const row = await findTemplate(page, REVIEW, '待复核模板列表');
  await row.getByRole('button', { name: '复核' }).click();
  const review = page.getByRole('dialog', { name: '复核模板新增' });
  await expect(review).toContainText(PAYEE);
  await expect(review).toContainText(PURPOSE);
  await shoot(page, 'template-review', out);
  await review.getByRole('button', { name: '复核通过' }).click();
  await expect(toast(page, `已复核通过：新增模板“${NAME}”`)).toBeVisible();
  const effective = await findTemplate(page, LIST, '指令模板列表');
  await expect(effective).toContainText('已生效');
  await effective.getByRole('button', { name: '详情' }).click();
  const history = page.getByRole('dialog').getByRole('region', { name: '变更记录' });
  await expect(history).toContainText('新增 · 已通过 · 第1版');
  await expect(history).toContainText('已签名');

  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('button', { name: /从模板新建/ }).click();
  const picker = page.getByRole('dialog', { name: '从模板新建' });
  await picker.getByRole('combobox', { name: '指令模板' }).fill(NAME);
  await page.locator('.ant-select-item-option', { hasText: NAME }).click();
  await expect(picker.getByRole('region', { name: '模板内容' }).or(picker.locator('.ant-descriptions'))).toContainText(PAYEE);
  await picker.getByRole('button', { name: '使用此模板' }).click();

  const entry = page.getByRole('dialog', { name: '从模板新建指令' });
  await expect(entry).toContainText(`来自指令模板“${NAME}”（第1版）：指令类型、付款账户、收款人、用途已锁定，不能修改`);
  for (const label of ['收款人名称', '收款账号', '收款行名称', '大额支付行号', '用途']) await expect(entry.getByLabel(label)).toBeDisabled();
  await expect(entry.getByLabel('收款人名称')).toHaveValue(PAYEE);
  await expect(entry.getByLabel('用途')).toHaveValue(PURPOSE);
  await expect(entry.getByRole('combobox', { name: /付款账户/ })).toBeDisabled();
  // A locked field takes no typing.
  await entry.getByLabel('收款人名称').fill('别的收款人', { force: true }).catch(() => undefined);
  await expect(entry.getByLabel('收款人名称')).toHaveValue(PAYEE);
  // What the template leaves open is entered each time.
  await entry.getByRole('textbox', { name: '* 金额 :' }).fill('86000.00');
  await entry.getByLabel('起息日').fill(BUSINESS_TODAY);
  await entry.getByLabel('起息日').press('Enter');
  await entry.getByLabel('备注').fill('浏览器测试');
  await shoot(page, 'template-entry', out);
  await entry.getByRole('button', { name: '保存草稿' }).click();
  const saved = toast(page, /指令 ZL\d+ 已保存为草稿/);
  await expect(saved).toBeVisible();
  const instructionNo = /ZL\d+/.exec((await saved.textContent()) ?? '')![0];
  await expect(entry).toBeHidden();

  // Edited later, the draft keeps its template's locks.
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  const draft = dataRows(mine).filter({ hasText: instructionNo });
  await draft.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: `修改指令 ${instructionNo}` });
  await expect(edit).toContainText(`来自指令模板“${NAME}”（第1版）`);
  await expect(edit.getByLabel('收款账号')).toBeDisabled();
  await expect(edit.getByLabel('用途')).toBeDisabled();
});
