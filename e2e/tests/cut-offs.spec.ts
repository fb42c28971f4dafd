import { BUSINESS_TODAY, NEXT_BUSINESS_DAY, atBusinessTime, businessTimeAt } from './business-day';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, login } from './login-page';
import { instructionAccounts, masked, seatAccounts } from './seeded-accounts';

// Cut-offs: the demo maker enters an instruction before 15:00 and after it, the server's clock set
// by the test through X-Test-Clock (TEST_CLOCK, never in production); the custodian's checker sets
// a cut-off beside the business calendar.

test.use({ viewport: { width: 1440, height: 900 } });

const ENTRY = '/instructionManagement/instructionEntry/index';
const CUTOFFS = '/custodianNotice/instructionCutoffs/index';
const taken = new Set(instructionAccounts().map((a) => a.accountNo));
/** A CNY account the maker enters on and 李静 reviews, without a third party: the last such, which no other test takes. */
const payer = seatAccounts('U100000101')
  .filter((a) => a.currency === 'CNY' && a.thirdParty === null && a.seats.has('U100000102') && !taken.has(a.accountNo))
  .at(-1)!;

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

async function openEntryForm(page: Page) {
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  return page.getByRole('dialog', { name: '新增指令' });
}

/** Everything but the value date, which the form offers. */
async function fillEntry(page: Page, dialog: Locator, payee: string) {
  await dialog.getByRole('combobox', { name: /付款账户/ }).fill(payer.accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(payer.accountNo) }).first().click();
  await dialog.getByRole('textbox', { name: '* 金额 :' }).fill('12.34');
  await dialog.getByLabel('收款人名称').fill(payee);
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('用途').fill('支付赎回款');
}

test('a maker before the cut-off is offered today and warned in its last hour; after it, the next business day, and the day’s instruction reads 已过截止', async ({ page }) => {
  const payee = `截止测试${Date.now() % 1_000_000}`;
  await page.setExtraHTTPHeaders(atBusinessTime(businessTimeAt('14:30')));
  await login(page, 'demo', 'Demo1234');
  let dialog = await openEntryForm(page);
  await expect(dialog.getByLabel('起息日')).toHaveValue(BUSINESS_TODAY);
  await expect(dialog.getByLabel('截止时间')).toHaveText(`须在 ${BUSINESS_TODAY} 15:00（北京时间）前完成托管行审核`);
  await fillEntry(page, dialog, payee);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const submitted = toast(page, /指令 ZL\d+ 已提交复核/);
  await expect(submitted).toBeVisible();
  const instructionNo = /ZL\d+/.exec((await submitted.textContent()) ?? '')![0];
  await expect(toast(page, `指令${instructionNo}距截止时间已不足60分钟，后续处理可能赶不上截止，请尽快处理`)).toBeVisible();
  const mine = view(page, ENTRY).getByRole('region', { name: '我的指令列表' });
  await expect(mine.locator('tr', { hasText: instructionNo })).toContainText('临近截止');

  // Half past three: the instruction missed its cut-off, and entry offers the next business day.
  await page.setExtraHTTPHeaders(atBusinessTime(businessTimeAt('15:30')));
  dialog = await openEntryForm(page);
  await expect(mine.locator('tr', { hasText: instructionNo })).toContainText('已过截止');
  await expect(dialog.getByLabel('起息日')).toHaveValue(NEXT_BUSINESS_DAY);
  await fillEntry(page, dialog, payee);
  // Today typed over it: the form says why, and the server refuses it the same way.
  await dialog.getByLabel('起息日').fill(BUSINESS_TODAY);
  await dialog.getByLabel('起息日').press('Enter');
  await expect(dialog.getByLabel('截止时间')).toHaveText(`截止时间 ${BUSINESS_TODAY} 15:00 已过，请选择 ${NEXT_BUSINESS_DAY} 或之后的工作日`);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText(`起息日${BUSINESS_TODAY}的截止时间${BUSINESS_TODAY} 15:00已过，请选择${NEXT_BUSINESS_DAY}或之后的工作日`).first()).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the custodian’s checker sets a type and currency’s cut-off beside the calendar', async ({ page }) => {
  await login(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${CUTOFFS}`);
  const table = view(page, CUTOFFS).getByRole('table');
  await expect(table.locator('tr', { hasText: '划款' }).first()).toContainText('15:00');
  // 其他 in 韩币: no other test enters such an instruction.
  await view(page, CUTOFFS).getByRole('button', { name: '修改其他韩币截止时间' }).click();
  const dialog = page.getByRole('dialog', { name: '设置截止时间：其他（韩币）' });
  await dialog.getByLabel(/截止时间/).fill('25:00');
  await expect(dialog.getByText('截止时间格式须为HH:mm（00:00至23:59）')).toBeVisible();
  await dialog.getByLabel(/截止时间/).fill('13:30');
  await dialog.getByLabel('提前工作小时数').fill('1');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const row = table.locator('tr', { hasText: '其他' }).filter({ hasText: '韩币' });
  await expect(row).toContainText('13:30');
  await expect(row).toContainText('1小时');
  await expect(row).toContainText('custcheck');
  await page.screenshot({ path: '../docs/screenshots/instruction-cutoffs.png' });
});
