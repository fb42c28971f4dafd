import { BUSINESS_MORNING, BUSINESS_TODAY, atBusinessTime } from './business-day';
import { expect as baseExpect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { instructionAccounts, masked } from './seeded-accounts';

// Issue 22's smaller items as a person sees them: times in Beijing time to the second whatever
// the browser's zone; past value dates greyed and the third-party institution stated as text in
// the entry form; amounts pasted with separators or full-width digits; an amount range the wrong
// way round said and not sent; the unread figure agreeing with the rows marked 未读; the staff's
// notice list newest first with its 发布时间 at 1280 px.

const ENTRY = '/instructionManagement/instructionEntry/index';
const QUERY = '/instructionManagement/instructionQuery/index';
const READ = '/addedServices/riskManagement/index';
const PUBLISH = '/custodianNotice/riskNoticePublish/index';
const DINGSHENG = '鼎晟投资顾问（上海）有限公司';
/** 'yyyy-MM-dd HH:mm:ss', the one way a moment is shown. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

// Publishing and the lists wait on the server, which a busy shared machine slows down.
const expect = baseExpect.configure({ timeout: 15_000 });

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');
/** The epoch ms of a shown 'yyyy-MM-dd HH:mm:ss' read as Beijing time. */
const asBeijing = (shown: string) => Date.parse(`${shown.replace(' ', 'T')}+08:00`);

test.use({ viewport: { width: 1280, height: 900 } });

test.describe('in a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a notice published now shows its Beijing time to the second, newest first, with 发布时间 at 1280 px', async ({ page }) => {
    // New York is 12 or 13 hours behind Beijing: a time in the browser's zone would be far off.
    expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBeGreaterThanOrEqual(240);
    await signIn(page, 'admin', 'Admin1234');
    await page.goto(`${APP}${PUBLISH}`);
    const title = `北京时间核对${Date.now()}`;
    await view(page, PUBLISH).getByRole('button', { name: /新增风险提示/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增风险提示' });
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByRole('radio', { name: '指定企业' }).check();
    await dialog.getByPlaceholder('请输入企业编号或企业名称').first().fill('1000000003');
    await dialog.getByRole('checkbox', { name: '选择 1000000003' }).check();
    await dialog.getByRole('button', { name: /加入右侧/ }).click();
    const editor = dialog.getByRole('textbox', { name: '正文' });
    await editor.click();
    await editor.pressSequentially('核对发布时间的时区。');
    await dialog.getByRole('button', { name: '保存并发布' }).click();
    const publishedAround = Date.now();
    await page.getByRole('dialog', { name: '发布风险提示' }).getByRole('button', { name: /确\s*定|OK/ }).click();
    const rows = dataRows(view(page, PUBLISH));
    const ours = rows.filter({ hasText: title });
    await expect(ours.getByText('已发布')).toBeVisible({ timeout: 30_000 });

    const table = view(page, PUBLISH).locator('.ant-table');
    await expect(table.getByRole('columnheader', { name: '发布时间' })).toBeVisible();
    const headers = await table.locator('thead th').allInnerTexts();
    const column = headers.findIndex((h) => h.trim() === '发布时间');
    await expect(ours).toHaveCount(1);
    const shown = (await ours.locator('td').nth(column).innerText()).trim();
    expect(shown).toMatch(DATE_TIME);
    expect(Math.abs(asBeijing(shown) - publishedAround)).toBeLessThan(60_000);

    // Newest first: drafts on top, then the one just published before every other published one.
    const times = (await rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent?.trim() ?? ''), column)).filter((t) => t !== '—');
    expect(times[0]).toBe(shown);
    expect(times.map(asBeijing)).toEqual([...times.map(asBeijing)].sort((a, b) => b - a));
    // The whole list fits the card at 1280 px: nothing scrolls sideways.
    const content = view(page, PUBLISH).locator('.ant-table-content, .ant-table-body').first();
    expect(await content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: '../docs/screenshots/smaller-notice-publish-1280.png' });
  });
});

test('the entry form greys past value dates, states the third party as text and takes a pasted amount', async ({ page }) => {
  const [account] = instructionAccounts();
  // The server's today is a business morning, whatever day the suite runs.
  await page.setExtraHTTPHeaders(atBusinessTime(BUSINESS_MORNING));
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增指令' });
  await dialog.getByRole('combobox', { name: /付款账户/ }).fill(account!.accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(account!.accountNo) }).first().click();
  const facts = dialog.getByRole('region', { name: '付款账户信息' });
  await expect(facts.getByLabel('第三方机构')).toHaveText(`${DINGSHENG}（2000000001）`);
  // Nothing to choose: no boxes to tick, no list to search.
  await expect(facts.getByRole('checkbox')).toHaveCount(0);
  await expect(facts.getByRole('radio')).toHaveCount(0);
  await expect(facts.getByRole('searchbox')).toHaveCount(0);
  await expect(facts.getByRole('textbox')).toHaveCount(0);

  // Pasted with separators in full width, taken as the plain amount.
  const amount = dialog.getByRole('textbox', { name: '* 金额 :' });
  await amount.focus();
  await page.evaluate((text) => document.execCommand('insertText', false, text), '１２，３４５.６７');
  await expect(amount).toHaveValue('12345.67');
  await expect(dialog.getByLabel('大写金额')).toHaveText('大写：壹万贰仟叁佰肆拾伍元陆角柒分');
  await amount.fill('12,345.67');
  await expect(amount).toHaveValue('12345.67');

  // The calendar greys the days before the server's today and offers today, the date it defaults to before the cut-off.
  const today = BUSINESS_TODAY;
  await expect(dialog.getByLabel('起息日')).toHaveValue(today);
  await dialog.getByLabel('起息日').click();
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const panel = page.locator('.ant-picker-dropdown:visible');
  const cell = (date: string) => panel.locator(`td[title="${date}"]`);
  // Yesterday may sit in last month's panel: the first of a month shows it greyed among the leading days.
  if (today.endsWith('-01')) await panel.getByRole('button', { name: /上个月|Previous month/ }).first().click();
  await expect(cell(yesterday)).toHaveClass(/ant-picker-cell-disabled/);
  if (today.endsWith('-01')) await panel.getByRole('button', { name: /下个月|Next month/ }).first().click();
  await expect(cell(today)).not.toHaveClass(/ant-picker-cell-disabled/);
  await page.screenshot({ path: '../docs/screenshots/smaller-instruction-entry-dates.png' });
  await cell(yesterday).click({ force: true });
  await expect(dialog.getByLabel('起息日')).toHaveValue(today);
});

test('an amount range the wrong way round is said under 最大金额 and sends no query', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${QUERY}`);
  const search = view(page, QUERY).getByRole('search');
  await expect(dataRows(view(page, QUERY)).first()).toBeVisible();
  const queries: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/instruction/query')) queries.push(req.url());
  });
  await search.getByLabel('最小金额').fill('500');
  await search.getByLabel('最大金额').fill('100');
  await expect(search.getByText('最小金额不能大于最大金额')).toBeVisible();
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await page.waitForTimeout(800);
  expect(queries).toEqual([]);
  await page.screenshot({ path: '../docs/screenshots/smaller-amount-range.png' });

  // Put right (and pasted with a separator), the list is asked again.
  await search.getByLabel('最大金额').fill('1,000');
  await expect(search.getByLabel('最大金额')).toHaveValue('1000');
  await expect(search.getByText('最小金额不能大于最大金额')).toHaveCount(0);
  await expect.poll(() => queries.length).toBeGreaterThan(0);
});

test('风险提示: the unread figure is the number of rows marked 未读', async ({ page }) => {
  await signIn(page, 'demo', 'Demo1234');
  await page.goto(`${APP}${READ}`);
  const list = view(page, READ).getByRole('region', { name: '风险提示列表' });
  await expect(dataRows(list).first()).toBeVisible();
  // The demo seat's few notices fit one page, so the rows on screen are all the rows.
  const marked = await dataRows(list).locator('.ant-tag', { hasText: /^未读$/ }).count();
  const button = view(page, READ).getByRole('button', { name: /全部标为已读/ });
  const figure = Number(/（(\d+)）/.exec(await button.innerText())?.[1] ?? 0);
  expect(figure).toBe(marked);
  // Risk notices are counted by 消息中心's one bell (with every other kind), not a button of their own.
  await expect(page.getByRole('button', { name: /^风险提示，未读/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^消息中心，未读\d+条$/ })).toBeVisible();
  // An expired notice shows 已过期, not 未读, in its reading state.
  const expired = dataRows(list).filter({ has: page.locator('.ant-tag', { hasText: /^已过期$/ }) });
  for (const row of await expired.all()) await expect(row.locator('.ant-tag', { hasText: /^未读$/ })).toHaveCount(0);
  await page.screenshot({ path: '../docs/screenshots/smaller-risk-notices-unread.png' });
});
