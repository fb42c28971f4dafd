import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// Staff keep the business calendar: the demo year shows its holidays and 调休 days; a file with
// errors lists them and writes nothing; a clean file replaces a year; one day is marked and cleared.
// The test works in 2035, a year nothing else uses.
const PAGE = '/custodianNotice/businessCalendar/index';
const view = (page: Page) => page.locator(`[data-view="${PAGE}"]`);

async function chooseYear(page: Page, year: number) {
  const input = view(page).getByRole('spinbutton', { name: '年份' });
  await input.fill(String(year));
  await input.press('Enter');
  await expect(view(page).getByText(`${year}年银行工作日`)).toBeVisible();
}

test('staff read the demo calendar, import a year (errors first) and mark a day', async ({ page }) => {
  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${PAGE}`);
  await chooseYear(page, 2026);
  await expect(view(page).getByRole('button', { name: '2026-02-14 调休上班：春节调休上班' })).toBeVisible();
  await expect(view(page).getByRole('button', { name: '2026-02-16 节假日：春节' })).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/business-calendar.png' });

  await chooseYear(page, 2035);
  await view(page).getByRole('button', { name: '导入日历' }).click();
  const dialog = page.getByRole('dialog', { name: '导入2035年工作日历' });
  const file = (text: string) => ({ name: '2035.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await dialog.locator('input[type="file"]').setInputFiles(file('日期,类型,名称\n2035-01-01,节假日,元旦\n2035-01-02,调休上班,元旦\n2034-12-31,节假日,跨年\n'));
  await expect(dialog.getByText('校验未通过，未导入任何数据：共3行，其中2行有误')).toBeVisible();
  await expect(dialog.getByRole('table', { name: '校验未通过的行' }).or(dialog.locator('[aria-label="校验未通过的行"]'))).toContainText('调休上班日须为周六或周日');
  await expect(dialog.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();

  await dialog.locator('input[type="file"]').setInputFiles(file('日期,类型,名称\n2035-01-01,节假日,元旦\n2035-01-06,调休上班,元旦调休上班\n'));
  await expect(dialog.getByText('校验通过：2035年共2个日期，可以导入')).toBeVisible();
  await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(view(page).getByRole('button', { name: '2035-01-06 调休上班：元旦调休上班' })).toBeVisible();

  // 2035-03-05 is a Monday: an exchange closure, then back to the week's rule.
  await view(page).getByRole('button', { name: '2035-03-05 工作日' }).click();
  const day = page.getByRole('dialog', { name: /2035-03-05/ });
  await day.getByText('交易所休市', { exact: true }).click();
  await day.getByLabel('名称').fill('台风停市');
  await day.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(view(page).getByRole('button', { name: '2035-03-05 交易所休市：台风停市' })).toBeVisible();
  await view(page).getByRole('button', { name: '2035-03-05 交易所休市：台风停市' }).click();
  await page.getByRole('dialog', { name: /2035-03-05/ }).getByRole('button', { name: '恢复默认' }).click();
  await expect(view(page).getByRole('button', { name: '2035-03-05 工作日' })).toBeVisible();
});
