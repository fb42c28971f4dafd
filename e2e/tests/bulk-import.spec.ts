import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BUSINESS_MORNING, BUSINESS_TODAY, atBusinessTime } from './business-day';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { instructionAccounts, seatAccounts } from './seeded-accounts';

// 批量导入: the demo maker tries an xlsx with errors and sees each one, imports a clean file that
// the reviewer then passes as one batch, and imports a pain.001 whose pain.002 report lists each
// payment. The server judges at BUSINESS_MORNING (X-Test-Clock, TEST_CLOCK only).

test.use({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: atBusinessTime(BUSINESS_MORNING) });

const IMPORT = '/instructionManagement/bulkImport/index';
const REVIEW = '/instructionManagement/instructionReview/index';
const HEADERS = ['指令类型', '付款账号', '收款人名称', '收款账号', '收款行', '大额支付行号', '金额', '币种', '起息日', '用途', '备注', '业务参考号'];
const taken = new Set(instructionAccounts().map((a) => a.accountNo));
/** A CNY account the maker enters on and 李静 reviews, without a third party, that no other test takes (cut-offs takes the last). */
const payer = seatAccounts('U100000101')
  .filter((a) => a.currency === 'CNY' && a.thirdParty === null && a.seats.has('U100000102') && !taken.has(a.accountNo) && Number(a.balance) > 100_000)
  .at(-2)!;

const view = (page: Page) => page.locator(`[data-view="${IMPORT}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('付款明细');
  sheet.addRow(HEADERS);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const payment = (payee: string, amount: string, over: Partial<Record<'account' | 'cnaps', string>> = {}) => [
  '划款',
  over.account ?? payer.accountNo,
  payee,
  '310066726018800012345',
  '交通银行上海分行',
  over.cnaps ?? '301290000007',
  amount,
  '人民币',
  BUSINESS_TODAY,
  '支付赎回款',
  '',
  '',
];

async function choose(page: Page, name: string, buffer: Buffer) {
  await view(page).locator('input[type=file]').setInputFiles({ name, mimeType: name.endsWith('.xml') ? 'application/xml' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

/** Imports the tried file and answers its import number. */
async function importTried(page: Page) {
  await view(page).getByRole('button', { name: '确认导入并提交复核' }).click();
  const done = toast(page, /已导入批次 PL\d+/);
  await expect(done).toBeVisible({ timeout: 20_000 });
  return /PL\d+/.exec((await done.textContent()) ?? '')![0];
}

test('an xlsx with errors shows each in the trial run; a clean one is imported and reviewed as one batch', async ({ page }) => {
  test.setTimeout(180_000);
  const payee = `导入测试${Date.now() % 1_000_000}`;
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${IMPORT}`);
  await expect(view(page).getByRole('button', { name: /下载模板/ })).toBeVisible();

  await choose(page, '有误.xlsx', await xlsx([payment(payee, '100.00'), payment(payee, '12.345'), payment(payee, '50.00', { account: '622299000000009999', cnaps: '999999999999' })]));
  const errors = view(page).getByRole('region', { name: '试算错误' });
  await expect(view(page).getByText(/试算未通过：有误\.xlsx 共 3 笔，2 行（笔）有 3 处错误/)).toBeVisible();
  await expect(dataRows(errors)).toHaveCount(3);
  await expect(dataRows(errors).nth(0)).toContainText('第3行金额金额格式不合法');
  await expect(dataRows(errors).nth(1)).toContainText('第4行付款账号账号622299000000009999不是本企业已添加的网银账户');
  await expect(dataRows(errors).nth(2)).toContainText('第4行大额支付行号大额支付行号999999999999不在行号表中');
  await expect(view(page).getByRole('button', { name: '确认导入并提交复核' })).toBeDisabled();
  await page.screenshot({ path: '../docs/screenshots/bulk-import-trial-errors.png' });

  await choose(page, '正确.xlsx', await xlsx([payment(payee, '100.00'), payment(payee, '200.50')]));
  await expect(view(page).getByText('试算通过：正确.xlsx 共 2 笔，全部校验通过，可以确认导入。')).toBeVisible();
  await expect(view(page).getByLabel('金额合计')).toContainText('2 笔 · ￥ 300.50');
  const importNo = await importTried(page);
  const history = view(page).getByRole('region', { name: '导入记录' });
  await expect(dataRows(history).filter({ hasText: importNo })).toContainText('处理中 2');

  // 李静 reviews the two as one batch.
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${REVIEW}`);
  const review = page.locator(`[data-view="${REVIEW}"]`).getByRole('region', { name: '待复核指令列表' });
  const search = review.getByRole('search');
  const more = search.getByRole('button', { name: /更多条件/ });
  if (await more.isVisible()) await more.click();
  await search.getByLabel('收款人').fill(payee);
  await expect(dataRows(review)).toHaveCount(2);
  for (const line of await dataRows(review).all()) await line.getByRole('checkbox').check();
  await review.getByRole('button', { name: '复核通过' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定复核通过' }).getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '已通过 2 条指令')).toBeVisible({ timeout: 20_000 });
});

test('a pain.001 import answers a well-formed pain.002 listing each payment', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now() % 1_000_000;
  const ids = [`E2E-${run}-1`, `E2E-${run}-2`, `E2E-${run}-3`];
  const txs = ids
    .map(
      (id, i) => `<CdtTrfTxInf><PmtId><EndToEndId>${id}</EndToEndId></PmtId><Amt><InstdAmt Ccy="CNY">${(i + 1) * 10}.00</InstdAmt></Amt>
<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>CNAPS</Cd></ClrSysId><MmbId>301290000007</MmbId></ClrSysMmbId><Nm>交通银行上海分行</Nm></FinInstnId></CdtrAgt>
<Cdtr><Nm>报文测试${run}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>310066726018800012345</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>支付赎回款</Ustrd></RmtInf></CdtTrfTxInf>`,
    )
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>MSG-${run}</MsgId><CreDtTm>${BUSINESS_TODAY}T09:00:00</CreDtTm><NbOfTxs>3</NbOfTxs><CtrlSum>60.00</CtrlSum><InitgPty><Nm>华夏远航基金管理有限公司</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>PMT-${run}</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>${BUSINESS_TODAY}</Dt></ReqdExctnDt>
<Dbtr><Nm>华夏远航基金管理有限公司</Nm></Dbtr><DbtrAcct><Id><Othr><Id>${payer.accountNo}</Id></Othr></Id></DbtrAcct><DbtrAgt><FinInstnId><Nm>托管行</Nm></FinInstnId></DbtrAgt>
${txs}
</PmtInf></CstmrCdtTrfInitn></Document>`;

  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${IMPORT}`);
  await choose(page, `pain001-${run}.xml`, Buffer.from(xml, 'utf8'));
  await expect(view(page).getByText(`试算通过：pain001-${run}.xml 共 3 笔`)).toBeVisible();
  const importNo = await importTried(page);
  await page.screenshot({ path: '../docs/screenshots/bulk-import.png' });

  const row = dataRows(view(page).getByRole('region', { name: '导入记录' })).filter({ hasText: importNo });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '状态报告' }).click()]);
  expect(download.suggestedFilename()).toBe(`${importNo}_状态报告.xml`);
  const report = await readFile((await download.path())!, 'utf8');
  expect(XMLValidator.validate(report)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => n === 'TxInfAndSts' || n === 'OrgnlPmtInfAndSts' }).parse(report);
  expect(doc.Document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.002.001.10');
  const status = doc.Document.CstmrPmtStsRpt;
  // The message's blocks, and each payment's elements, in the schema's order.
  expect(Object.keys(status)).toEqual(['GrpHdr', 'OrgnlGrpInfAndSts', 'OrgnlPmtInfAndSts']);
  expect(Object.keys(status.GrpHdr)).toEqual(['MsgId', 'CreDtTm']);
  expect(status.OrgnlGrpInfAndSts).toMatchObject({ OrgnlMsgId: `MSG-${run}`, OrgnlMsgNmId: 'pain.001.001.09', OrgnlNbOfTxs: '3', OrgnlCtrlSum: '60.00' });
  expect(status.OrgnlPmtInfAndSts[0].OrgnlPmtInfId).toBe(`PMT-${run}`);
  const payments = status.OrgnlPmtInfAndSts[0].TxInfAndSts as Record<string, unknown>[];
  expect(payments.map((p) => [p.OrgnlEndToEndId, p.TxSts])).toEqual(ids.map((id) => [id, 'ACSP']));
  for (const p of payments) expect(Object.keys(p)).toEqual(['StsId', 'OrgnlEndToEndId', 'TxSts', 'OrgnlTxRef']);
});

test('the page on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${IMPORT}`);
  await expect(dataRows(view(page).getByRole('region', { name: '导入记录' })).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '../docs/screenshots/bulk-import-phone.png', fullPage: true });
});
