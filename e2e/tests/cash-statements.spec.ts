import { CASH_FEED_COLUMNS } from '../../packages/shared/src/rules/cash-feed';
import { formatAccountNo } from '../../packages/shared/src/rules/mask';
import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { seededAccounts } from './seeded-accounts';

// The custodian's checker loads one account's statements for June and early July 2026 (days the
// demo seed leaves empty), as a CSV and as a camt.053; the enterprise's reviewer reads the July
// statement, confirms July as matching and reports June as not matching, both signed; staff
// answer the mismatch and the reviewer reads the answer.

test.use({ viewport: { width: 1440, height: 900 } });

const IMPORT = '/custodianInstruction/cashImport/index';
const STATEMENT = '/valuation/cashStatement/index';
const RECONCILE = '/valuation/electronicReconcile/index';
const MANAGE = '/custodianInstruction/reconcileManagement/index';

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

// An account of 华夏远航 whose name the list shows once, with no e2e statements of other specs.
const account = seededAccounts('1000000001').filter((a) => a.status === '00' && a.added).at(-1)!;
const A = account.accountNo;
const csv = Buffer.from(
  [
    CASH_FEED_COLUMNS.join(','),
    `ZJDZE2E00001,${A},2026-06-30,CNY,8000000.00,8350000.00,E2E0601,贷,500000.00,2026-06-30,银华基金管理股份有限公司,31050161373700001234,申购款,`,
    `ZJDZE2E00001,${A},2026-06-30,CNY,8000000.00,8350000.00,E2E0602,借,150000.00,2026-06-30,华夏远航资产管理有限公司,6222000011112222,管理费,`,
    `ZJDZE2E00001,${A},2026-07-01,CNY,8350000.00,8338000.00,E2E0701,借,12000.00,2026-07-01,华夏银行股份有限公司资产托管部,0200001019200123456,托管费,`,
    `ZJDZE2E00001,${A},2026-07-02,CNY,8338000.00,8338000.00,,,,,,,,`,
  ].join('\r\n'),
  'utf8',
);
const camt = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>CAMTE2E00001</MsgId><CreDtTm>2026-07-04T07:00:00+08:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-20260703</Id><Acct><Id><Othr><Id>${A}</Id></Othr></Id><Ccy>CNY</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CNY">8338000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-07-03</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="CNY">8418000.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-07-03</Dt></Dt></Bal>
<Ntry><NtryRef>E2E0703</NtryRef><Amt Ccy="CNY">80000.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-07-03</Dt></BookgDt><ValDt><Dt>2026-07-03</Dt></ValDt>
<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>银行间市场清算所股份有限公司</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>债券付息</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`,
  'utf8',
);

async function upload(page: Page, name: string, content: Buffer, mimeType: string) {
  await view(page, IMPORT).locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: content });
}

/** The reconcile list's row of `period` for the account. */
const periodRow = (page: Page, period: string) => view(page, RECONCILE).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: period }).filter({ hasText: formatAccountNo(A) });

test('staff load a CSV and a camt.053; the enterprise reads the statement, confirms July and reports June, signed; staff answer', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${IMPORT}`);
  const panel = view(page, IMPORT);
  await upload(page, '资金对账单_20260702.csv', csv, 'text/csv');
  await expect(panel.getByText('校验通过：共3个账户日对账单、3笔流水，涉及1家企业，可以导入')).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/cash-import.png' });
  await panel.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(toast(page, /导入成功：共3个账户日对账单/)).toBeVisible();
  await upload(page, 'camt053_20260703.xml', camt, 'text/xml');
  await expect(panel.getByText('校验通过：共1个账户日对账单、1笔流水，涉及1家企业，可以导入')).toBeVisible();
  await panel.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(toast(page, /导入成功：共1个账户日对账单/)).toBeVisible();

  // The enterprise's reviewer reads July's statement.
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${STATEMENT}`);
  const statement = view(page, STATEMENT);
  await statement.getByRole('combobox').first().click();
  await page.keyboard.type(account.accountName);
  await page.locator('.ant-select-item-option').filter({ hasText: formatAccountNo(A) }).click();
  await statement.getByPlaceholder('开始日期').click();
  await statement.getByPlaceholder('开始日期').fill('2026-07-01');
  await statement.getByPlaceholder('结束日期').fill('2026-07-31');
  await page.keyboard.press('Enter');
  await statement.getByRole('button', { name: /^查\s*询$/ }).click();
  const summary = statement.locator('[aria-label="对账单汇总"]');
  await expect(summary).toContainText('8,350,000.00');
  await expect(summary).toContainText('8,418,000.50');
  await expect(summary).toContainText('3 / 31 天');
  await expect(statement.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await page.screenshot({ path: '../docs/screenshots/cash-statement.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../docs/screenshots/cash-statement-phone.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // 电子对账: July matches, signed.
  await page.goto(`${APP}${RECONCILE}`);
  await periodRow(page, '2026年7月').getByRole('button', { name: '对账' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('8,418,000.50');
  await page.screenshot({ path: '../docs/screenshots/cash-reconcile.png' });
  await drawer.getByRole('button', { name: '签名提交' }).click();
  await expect(toast(page, '已签名确认对账相符')).toBeVisible();
  await expect(periodRow(page, '2026年7月')).toContainText('相符');

  // June does not: the fee is disputed, with a reason.
  await periodRow(page, '2026年6月').getByRole('button', { name: '对账' }).click();
  await drawer.locator('.ant-radio-button-wrapper').filter({ hasText: '不符' }).click();
  await drawer.getByLabel('不符原因').fill('6月管理费我方计提为148,500.00元，与对账单不一致');
  await drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '管理费' }).locator('input[type="checkbox"]').check();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../docs/screenshots/cash-reconcile-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await drawer.getByRole('button', { name: '签名提交' }).click();
  await expect(toast(page, '已签名提交对账不符，等待托管行答复')).toBeVisible();
  await expect(periodRow(page, '2026年6月')).toContainText('待托管行答复');

  // Staff find the mismatch and answer it.
  await signIn(page, 'custcheck', 'Admin1234');
  await page.goto(`${APP}${MANAGE}`);
  const manage = view(page, MANAGE);
  await manage.getByLabel('对账状态').click();
  await page.locator('.ant-select-item-option').filter({ hasText: /^不符$/ }).click();
  await manage.getByRole('button', { name: /查\s*询/ }).click();
  const row = manage.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '6月管理费我方计提' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '../docs/screenshots/cash-reconcile-manage.png' });
  await row.getByRole('button', { name: '答复' }).click();
  await page.getByLabel('答复内容').fill('经核实，6月管理费含上季度差额1,500.00元，已于7月冲回。');
  await page.getByRole('button', { name: /提交答复/ }).click();
  await expect(toast(page, '已答复，企业可在电子对账中查看')).toBeVisible();

  // The enterprise reads the answer.
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${RECONCILE}`);
  await expect(periodRow(page, '2026年6月')).toContainText('托管行已答复');
  await periodRow(page, '2026年6月').getByRole('button', { name: '查看' }).click();
  await expect(drawer).toContainText('已于7月冲回');
});
