import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';
import { SMTP_SINK_PORT } from '../playwright.config';
import { BUSINESS_MORNING, atBusinessTime } from './business-day';
import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// 报表中心 and 消息中心: the custodian's checker (custcheck, whose seat no other test subscribes
// for) chooses e-mail for delivered reports, subscribes to the daily instructions report, moves the
// server's clock (X-Test-Clock, TEST_CLOCK only) to the next day, finds the delivery in 消息中心,
// follows it to 报表中心, downloads the file, and the mail arrives in a local SMTP sink.

const MESSAGES = '/system/messageCenter/index';
const REPORTS = '/addedServices/reportCenter/index';
const DAY = 86_400_000;
const today = BUSINESS_MORNING;
const tomorrow = new Date(Date.parse(BUSINESS_MORNING) + DAY).toISOString();
/** The Beijing day before `tomorrow`: the period the first daily run covers. */
const coveredDay = new Date(Date.parse(BUSINESS_MORNING) + 8 * 3_600_000).toISOString().slice(0, 10);

const mails: { to: string; raw: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (raw += c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      done();
    });
  },
});

test.beforeAll(async () => {
  sink.listen(SMTP_SINK_PORT, '127.0.0.1');
  await once(sink.server, 'listening');
});
test.afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

test.use({ viewport: { width: 1440, height: 900 } });

test('subscribe to a daily report, find it in 消息中心 the next day, download it, and receive the e-mail', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setExtraHTTPHeaders(atBusinessTime(today));
  await signIn(page, 'custcheck', 'Admin1234');

  // E-mail for delivered reports.
  await page.goto(`${APP}${MESSAGES}`);
  await expect(view(page, MESSAGES).getByRole('table')).toBeVisible({ timeout: 20_000 });
  await view(page, MESSAGES).getByRole('button', { name: '提醒设置' }).click();
  const settings = page.getByRole('dialog', { name: '邮件提醒设置' });
  await expect(settings.getByText('zhaolei@custody.example.cn')).toBeVisible();
  await settings.getByRole('checkbox', { name: '报表送达' }).check();
  await settings.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '提醒设置已保存')).toBeVisible();

  // Subscribe to the daily instructions report.
  await page.goto(`${APP}${REPORTS}`);
  const kinds = view(page, REPORTS).getByRole('list', { name: '可用报表' }).or(view(page, REPORTS).locator('[aria-label="可用报表"]'));
  const item = kinds.locator('.ant-list-item', { hasText: '指令明细报表' });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /订\s*阅/ }).click();
  const subscribe = page.getByRole('dialog', { name: '订阅指令明细报表' });
  await subscribe.getByRole('radio', { name: '每日' }).check();
  await subscribe.getByRole('radio', { name: 'CSV' }).check();
  await subscribe.getByRole('button', { name: /订\s*阅/ }).click();
  await expect(toast(page, /订阅成功，首期将于/)).toBeVisible();
  await view(page, REPORTS).getByRole('tab', { name: /我的订阅/ }).click();
  await expect(view(page, REPORTS).getByRole('table').getByText('指令明细报表')).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/report-center.png' });

  // The next day: the report was produced and delivered.
  await page.setExtraHTTPHeaders(atBusinessTime(tomorrow));
  await page.goto(`${APP}${MESSAGES}`);
  const delivered = view(page, MESSAGES).getByRole('button', { name: `指令明细报表（${coveredDay}）已生成` });
  await expect(delivered).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^消息中心，未读[1-9]\d*条$/ })).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/message-center.png' });

  await delivered.click();
  await expect(page).toHaveURL(new RegExp(`${REPORTS}\\?report=\\d+$`));
  const generated = view(page, REPORTS).getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '订阅' }).first();
  await expect(generated).toContainText(coveredDay, { timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), generated.getByRole('button', { name: /下载/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^指令明细报表_\d{8}-\d{8}_\d{14}\.csv$/);
  expect((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')).toMatch(/^指令编号,企业,指令类型,付款账号/);

  // The e-mail, sent after the commit.
  await expect.poll(() => mails.filter((m) => m.to === 'zhaolei@custody.example.cn').length, { timeout: 30_000 }).toBeGreaterThan(0);

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${APP}${MESSAGES}`);
  await expect(delivered).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '../docs/screenshots/message-center-phone.png', fullPage: true });
  await page.goto(`${APP}${REPORTS}`);
  await expect(view(page, REPORTS).locator('.ant-list-item', { hasText: '指令明细报表' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '../docs/screenshots/report-center-phone.png', fullPage: true });

  // Leaves nothing running for the next test on this server.
  await page.setViewportSize({ width: 1440, height: 900 });
  await view(page, REPORTS).getByRole('tab', { name: /我的订阅/ }).click();
  await view(page, REPORTS).getByRole('button', { name: '取消订阅' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(view(page, REPORTS).getByText('暂无订阅')).toBeVisible();
});

test('run a report as PDF on one chosen account of the enterprise and download it', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${REPORTS}`);
  const item = view(page, REPORTS).locator('.ant-list-item', { hasText: '资金流水报表' });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.locator('.ant-tag', { hasText: 'PDF' })).toBeVisible();
  await item.getByRole('button', { name: /生\s*成/ }).click();
  const run = page.getByRole('dialog', { name: '生成资金流水报表' });
  // The accounts offered are the enterprise's own; choose one.
  await run.getByLabel('账户').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toBeVisible();
  const chosen = (await option.getAttribute('title')) ?? (await option.innerText());
  await option.click();
  await run.locator('.ant-modal-title').click();
  await run.getByRole('radio', { name: 'PDF' }).check();
  await page.screenshot({ path: '../docs/screenshots/report-center-run.png' });
  await run.getByRole('button', { name: /生\s*成/ }).click();
  await expect(toast(page, /^已生成：资金流水报表_.*\.pdf$/)).toBeVisible();
  const generated = view(page, REPORTS).getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '.pdf' }).first();
  await expect(generated).toContainText('手动');
  const [download] = await Promise.all([page.waitForEvent('download'), generated.getByRole('button', { name: /下载/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^资金流水报表_\d{8}-\d{8}_\d{14}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(chosen).toMatch(/（\d+）$/);
});
