import { expect, test, type Page } from './fixtures';
import { freshCustomer } from './fresh-customer';
import { APP, signIn } from './login-page';

// Risk notices between two browsers: staff publish an urgent and an important notice to a
// customer enterprise of the test's own; its administrator, logged in elsewhere, sees 消息中心's
// bell, the urgent dialog and the home count change without reloading, acknowledges, opens the
// other notice from 消息中心 and reads it; staff then see who has read.

test.use({ viewport: { width: 1440, height: 900 } });

const PUBLISH = '/custodianNotice/riskNoticePublish/index';
const READ = '/addedServices/riskManagement/index';
const MESSAGES = '/system/messageCenter/index';
/** The promise: what staff publish reaches a logged-in reader within 2 s. */
const LIVE = { timeout: 2_000 };

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
/** The top bar's one bell: 消息中心, where risk notices arrive with every other kind. */
const bell = (page: Page, unread: number) => page.getByRole('button', { name: `消息中心，未读${unread}条` });
const riskCard = (page: Page) => page.locator('[data-view="/home"] [data-field="RiskCount"] .ant-badge-count');
/** The number `re` finds in what `of` reads, once it shows one. */
async function figure(re: RegExp, of: () => Promise<string | null>) {
  await expect.poll(of).toMatch(re);
  return Number(re.exec((await of()) ?? '')?.[1]);
}
const bellCount = (page: Page) => figure(/未读(\d+)条/, () => page.getByRole('button', { name: /^消息中心，未读\d+条$/ }).getAttribute('aria-label'));
/** The home card's RiskCount (notices for every customer published before the seat existed count there, not in 消息中心). */
const cardCount = (page: Page) => figure(/^(\d+)$/, () => riskCard(page).getAttribute('title'));

async function publish(staff: Page, enterpriseNo: string, title: string, level: '重要' | '紧急', body: string, screenshot?: string) {
  await staff.goto(`${APP}${PUBLISH}`);
  await staff.locator(`[data-view="${PUBLISH}"]`).getByRole('button', { name: /新增风险提示/ }).click();
  const dialog = staff.getByRole('dialog', { name: '新增风险提示' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByRole('radio', { name: level }).check();
  await dialog.getByRole('radio', { name: '指定企业' }).check();
  await dialog.getByPlaceholder('请输入企业编号或企业名称').first().fill(enterpriseNo);
  await dialog.getByRole('checkbox', { name: `选择 ${enterpriseNo}` }).check();
  await dialog.getByRole('button', { name: /加入右侧/ }).click();
  const editor = dialog.getByRole('textbox', { name: '正文' });
  await editor.click();
  await editor.pressSequentially(body);
  if (screenshot) await staff.screenshot({ path: screenshot });
  await dialog.getByRole('button', { name: '保存并发布' }).click();
  await staff.getByRole('dialog', { name: '发布风险提示' }).getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(staff, '风险提示已发布')).toBeVisible();
}

test('an urgent notice reaches a logged-in customer within 2 s, must be acknowledged, and staff see the reading', async ({ page, browser }) => {
  await signIn(page, 'admin', 'Admin1234');
  const customer = await freshCustomer(page, browser, '远澜资管');
  const reader = customer.page;
  await expect(reader.locator('[data-view="/home"] [data-home-state]')).toHaveAttribute('data-home-state', /^[12]$/);
  const before = await bellCount(reader);
  const card = await cardCount(reader);
  // The old risk-notice button is gone: one bell, one unread count.
  await expect(reader.getByRole('button', { name: /^风险提示，未读/ })).toHaveCount(0);

  // Staff publish an urgent notice to that enterprise only: the reader's page, untouched, shows it.
  const urgent = `关于信用债集中到期的紧急风险提示${Date.now() % 100_000}`;
  await publish(page, customer.enterpriseNo, urgent, '紧急', '请立即核查组合中未来30日内到期的信用债及兑付安排。', '../docs/screenshots/risk-notice-editor.png');
  const dialog = reader.getByRole('dialog', { name: new RegExp(`紧急风险提示：${urgent}`) });
  await expect(dialog).toBeVisible(LIVE);
  await expect(dialog).toContainText('请立即核查组合中未来30日内到期的信用债及兑付安排。');
  await expect(bell(reader, before + 1)).toBeVisible(LIVE);
  await expect(riskCard(reader)).toHaveAttribute('title', String(card + 1), LIVE);
  await reader.screenshot({ path: '../docs/screenshots/risk-notice-urgent.png' });
  // Neither Escape nor a click outside dismisses it: only the acknowledgement does.
  await reader.keyboard.press('Escape');
  await reader.mouse.click(20, 20);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '我已阅读并知悉' }).click();
  await expect(dialog).toBeHidden();
  // Acknowledging read the notice, and with it its 消息中心 notification.
  await expect(bell(reader, before)).toBeVisible();
  await expect(riskCard(reader)).toHaveAttribute('title', String(card));

  // An important notice: the bell and the card, no dialog; the reader opens it from 消息中心.
  const important = `关于托管账户年度对账安排的提示${Date.now() % 100_000}`;
  await publish(page, customer.enterpriseNo, important, '重要', '请于12月20日前核对托管账户余额及交易明细。');
  await expect(bell(reader, before + 1)).toBeVisible(LIVE);
  await expect(riskCard(reader)).toHaveAttribute('title', String(card + 1), LIVE);
  await expect(reader.getByRole('dialog')).toHaveCount(0);
  await bell(reader, before + 1).click();
  await expect(reader).toHaveURL(`${APP}${MESSAGES}`);
  const inbox = reader.locator(`[data-view="${MESSAGES}"]`);
  const message = inbox.getByRole('row').filter({ hasText: important });
  await expect(message).toContainText('风险提示');
  await expect(inbox.getByRole('row').filter({ hasText: urgent })).toContainText('已读');
  await reader.screenshot({ path: '../docs/screenshots/risk-notice-messages.png' });
  await message.getByRole('button', { name: important }).click();
  // The link opens 风险提示 with the notice open: reading it there is reading it.
  const opened = reader.getByRole('dialog', { name: important });
  await expect(opened).toContainText('请于12月20日前核对托管账户余额及交易明细。');
  await expect(bell(reader, before)).toBeVisible();
  await reader.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  await expect(reader).toHaveURL(`${APP}${READ}`);
  const list = reader.locator(`[data-view="${READ}"]`).getByRole('region', { name: '风险提示列表' });
  await expect(list.getByRole('row').filter({ hasText: important })).toContainText('已读');
  await expect(list.getByRole('row').filter({ hasText: urgent })).toContainText('已读');
  await reader.screenshot({ path: '../docs/screenshots/risk-notices.png' });

  // Staff: the urgent notice read by the one seat of its audience.
  await page.goto(`${APP}${PUBLISH}`);
  const staffList = page.locator(`[data-view="${PUBLISH}"]`).getByRole('region', { name: '风险提示列表' });
  const staffRow = staffList.getByRole('row').filter({ hasText: urgent });
  await expect(staffRow).toContainText('1/1');
  await page.screenshot({ path: '../docs/screenshots/risk-notice-publish.png' });
  await staffRow.getByRole('button', { name: '阅读情况' }).click();
  const drawer = page.getByRole('dialog', { name: `阅读情况：${urgent}` });
  await expect(drawer).toContainText('已读 1 / 应读 1');
  await expect(drawer.getByRole('row').filter({ hasText: customer.enterpriseName })).not.toContainText('未读');
  await page.screenshot({ path: '../docs/screenshots/risk-notice-readers.png' });
  await customer.context.close();
});
