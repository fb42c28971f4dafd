import { readFile } from 'node:fs/promises';
import { DEMO_ACCOUNTS, generateAccounts, prng } from '../../apps/server/src/seed/accounts-data';
import { ENTERPRISES } from '../../apps/server/src/seed/demo-data';
import { VALUATION_COLUMNS } from '../../packages/shared/src/rules/valuation-feed';
import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// The custodian's checker loads a valuation file (one in a changed layout first, refused naming
// the difference), then the demo customer reads a statement: figures, holdings, charts, PDF.

test.use({ viewport: { width: 1440, height: 900 } });

const IMPORT = '/custodianInstruction/valuationImport/index';
const STATEMENT = '/valuation/valuationStatement/index';
const FORMATS = '/valuation/feedFormats/index';
const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);

/** A product of the demo enterprise, as the seed draws its register. */
function demoProductCode(): string {
  const plan = DEMO_ACCOUNTS.find((p) => p.enterprise_no === '1000000001')!;
  const enterprise = ENTERPRISES.find((e) => e.enterprise_no === '1000000001')!;
  return generateAccounts(enterprise, plan.count, plan.serialBase, prng(1000000001))[0]!.product_code;
}

// A day of its own for this run (within 2015–2022), so a second run imports anew.
const DAY = new Date(Date.UTC(2015, 0, 1) + (Math.floor(Date.now() / 1000) % 2800) * 86_400_000).toISOString().slice(0, 10);
const PRODUCT = demoProductCode();
const lines = (header: readonly string[]) =>
  Buffer.from(
    [
      header.join(','),
      `${DAY},1000000001,${PRODUCT},净值,,,,,,,,,,,,1030000.00,1000000.00,1.0300,1.0500`,
      `${DAY},1000000001,${PRODUCT},持仓,240210,IB,24国开10,政策性金融债,10000,100.0000,1000000.00,101.0000,1010000.00,10000.00,98.0583,,,,`,
      `${DAY},1000000001,${PRODUCT},现金,,,银行存款,,,,,,20000.00,,1.9417,,,,`,
    ].join('\r\n') + '\r\n',
    'utf8',
  );
const GOOD = lines(VALUATION_COLUMNS);
const RENAMED = lines(VALUATION_COLUMNS.map((c) => (c === '单位净值' ? '份额净值' : c)));

async function upload(page: Page, name: string, content: Buffer) {
  await view(page, IMPORT).locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
}

test('staff import a valuation file (a changed layout is refused); the customer reads the statement, its charts and downloads the PDF', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${IMPORT}`);
  const panel = view(page, IMPORT);
  await upload(page, '估值表_旧格式.csv', RENAMED);
  await expect(panel.getByText('文件格式与估值表 1.0 版不符：第18列应为「单位净值」，文件中为「份额净值」')).toBeVisible();
  await expect(panel.getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();
  await page.screenshot({ path: '../docs/screenshots/valuation-import-layout.png' });

  await upload(page, `估值表_${DAY}.csv`, GOOD);
  await expect(panel.getByText('校验通过：共1份估值表，新增1份，可以导入')).toBeVisible();
  await panel.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(page.locator('.ant-message').getByText('导入成功：共1份估值表，新增1份')).toBeVisible();

  const customer = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce', acceptDownloads: true });
  await signIn(customer, 'demo', 'Demo1234');
  await customer.goto(`${APP}${STATEMENT}`);
  const statement = view(customer, STATEMENT);
  await expect(statement.getByText('资产净值').first()).toBeVisible({ timeout: 20_000 });
  await expect(statement.getByText(/较上一估值日/)).toBeVisible();
  const holdings = statement.locator('[aria-label="持仓明细"]');
  await expect(holdings.locator('.ant-table-row').first()).toBeVisible();
  await expect(holdings).toContainText('持仓合计');
  await expect(statement.locator('[aria-label="净值走势图"] canvas')).toBeVisible({ timeout: 20_000 });
  await expect(statement.locator('[aria-label="资产配置图"] canvas')).toBeVisible();
  // Filters: government bonds only.
  await statement.getByLabel('资产类别').click();
  await customer.locator('.ant-select-dropdown').getByText('国债', { exact: true }).click();
  await expect(holdings.locator('.ant-table-row').first()).toContainText('国债');
  await customer.waitForTimeout(600);
  await customer.screenshot({ path: '../docs/screenshots/valuation-statement.png', fullPage: true });

  const [download] = await Promise.all([customer.waitForEvent('download'), statement.getByRole('button', { name: '下载PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^估值表_.+_\d{8}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // The phone: no sideways scroll of the page.
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(`${APP}${STATEMENT}`);
  await expect(statement.locator('[aria-label="净值走势图"] canvas')).toBeVisible({ timeout: 20_000 });
  await customer.waitForTimeout(600);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await customer.screenshot({ path: '../docs/screenshots/valuation-statement-phone.png' });

  await customer.setViewportSize({ width: 1440, height: 900 });
  await customer.goto(`${APP}${FORMATS}`);
  await expect(view(customer, FORMATS).getByText('估值表', { exact: true })).toBeVisible();
  await expect(view(customer, FORMATS)).toContainText('19. 累计单位净值');
  await customer.screenshot({ path: '../docs/screenshots/valuation-formats.png', fullPage: true });
  await customer.close();
});
