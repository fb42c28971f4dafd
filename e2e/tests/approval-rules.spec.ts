import { INSTRUCTION_MESSAGES } from '../../packages/shared/src/api/instructions';
import { CODE_TABLES } from '../../packages/shared/src/rules/code-tables';
import { BUSINESS_MORNING, BUSINESS_TODAY, atBusinessTime } from './business-day';
import { expect, test, type Locator, type Page } from './fixtures';
import { APP, signIn } from './login-page';
import { masked, seatAccounts } from './seeded-accounts';

// 审批规则: 华夏远航's seeded rule (version 2: above 1,000,000 two distinct reviewers; 周洋 may pass
// up to 5,000,000) seen by its administrator, then a two-reviewer instruction: 李静 passes it
// first and it stays 待复核, 周洋 sees it at its second round and passes it; and one above 周洋's
// limit that he cannot pass. The account is one only this spec uses: no limits, rich enough.

test.use({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: atBusinessTime(BUSINESS_MORNING) });

const RULES = '/system/approvalRules/index';
const ENTRY = '/instructionManagement/instructionEntry/index';
const REVIEW = '/instructionManagement/instructionReview/index';

// Of the accounts all three work on, the one without a third party or a limit and with the room
// (the seeded rule's own instructions take the CNY one): a US dollar account.
const account = seatAccounts('U100000101').find((a) => a.seats.has('U100000102') && a.seats.has('U100000104') && a.thirdParty === null && a.singleLimit === null && Number(a.balance) >= 40_000_000)!;

const view = (page: Page, path: string) => page.locator(`[data-view="${path}"]`);
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const dataRows = (region: Locator) => region.locator('.ant-table-tbody tr.ant-table-row');

/** Enters and submits one instruction of `amount` on the spec's account as the signed-in maker. */
async function enter(page: Page, amount: string) {
  await page.goto(`${APP}${ENTRY}`);
  await view(page, ENTRY).getByRole('region', { name: '我的指令列表' }).getByRole('button', { name: /新增指令/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增指令' });
  await dialog.getByRole('combobox', { name: /付款账户/ }).fill(account.accountNo.slice(-4));
  await page.locator('.ant-select-item-option', { hasText: masked(account.accountNo) }).first().click();
  await expect(dialog.getByRole('region', { name: '付款账户信息' })).toBeVisible();
  await dialog.getByRole('textbox', { name: '* 金额 :' }).fill(amount);
  if (account.currency !== 'CNY') {
    await dialog.getByLabel('币种').click();
    await page.locator('.ant-select-item-option', { hasText: CODE_TABLES.currencyName[account.currency as keyof typeof CODE_TABLES.currencyName] }).first().click();
  }
  await dialog.getByLabel('收款人名称').fill('上海浦江证券结算专户');
  await dialog.getByLabel('收款账号').fill('310066726018800012345');
  await dialog.getByLabel('收款行名称').fill('交通银行上海分行');
  await dialog.getByLabel('大额支付行号').fill('301290000007');
  await dialog.getByLabel('起息日').fill(BUSINESS_TODAY);
  await dialog.getByLabel('起息日').press('Enter');
  await dialog.getByLabel('用途').fill('支付申购款');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const submitted = toast(page, /指令 ZL\d+ 已提交复核/);
  await expect(submitted).toBeVisible();
  return /ZL\d+/.exec((await submitted.textContent()) ?? '')![0];
}

/** 指令复核 narrowed to one instruction. */
async function reviewRow(page: Page, instructionNo: string) {
  await page.goto(`${APP}${REVIEW}`);
  const region = view(page, REVIEW).getByRole('region', { name: '待复核指令列表' });
  await region.getByRole('search').getByLabel('指令编号').fill(instructionNo);
  await expect(dataRows(region)).toHaveCount(1);
  return region;
}

/** Ticks the one row and passes it; the confirmation is signed. */
async function pass(page: Page, region: Locator) {
  await dataRows(region).first().getByRole('checkbox').check();
  await region.getByRole('button', { name: '复核通过' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定复核通过' }).getByRole('button', { name: /确\s*定|OK/ }).click();
}

test('the administrator sees the rule and its versions', async ({ page }) => {
  await signIn(page, 'qyadmin', 'Demo1234');
  await page.goto(`${APP}${RULES}`);
  const row = dataRows(view(page, RULES)).first();
  await expect(row).toContainText('全部类型');
  await expect(row).toContainText('第2版');
  await expect(row).toContainText('≤1,000,000.00：1人复核；>1,000,000.00：2人复核');
  await expect(row).toContainText('周洋 ≤5,000,000.00');
  await row.getByRole('button', { name: /展开|Expand/ }).click();
  await expect(view(page, RULES)).toContainText('第1版');
  await page.screenshot({ path: '../docs/screenshots/approval-rules.png' });
  await view(page, RULES).getByRole('button', { name: '修改全部类型全部账户审批规则' }).click();
  const dialog = page.getByRole('dialog', { name: '修改审批规则' });
  await expect(dialog.getByLabel('第1区间上限')).toHaveValue('1000000.00');
  await page.screenshot({ path: '../docs/screenshots/approval-rules-form.png' });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
});

test('a two-reviewer instruction stays 待复核 after the first pass, the second reviewer passes it, and one above a reviewer’s limit waits', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo', 'Demo1234');
  const twice = await enter(page, '2000000.00');
  const aboveLimit = await enter(page, '5800000.00');

  // 李静 passes both first: each stays at 待复核, now at its second round.
  await signIn(page, 'checker', 'Demo1234');
  for (const no of [twice, aboveLimit]) {
    const region = await reviewRow(page, no);
    await expect(dataRows(region).first()).toContainText('第1/2轮');
    await pass(page, region);
    await expect(toast(page, '已通过 1 条指令')).toBeVisible();
    await expect(dataRows(region).first()).toContainText('第2/2轮');
  }
  // She cannot pass it a second time.
  await pass(page, await reviewRow(page, twice));
  await expect(toast(page, `指令${twice}：${INSTRUCTION_MESSAGES.approvedAlready}`)).toBeVisible();

  // 周洋 sees it at its second round, with who passed it and who still may.
  await signIn(page, 'zhouyang', 'Demo1234');
  const second = await reviewRow(page, twice);
  await expect(dataRows(second).first()).toContainText('第2/2轮');
  await dataRows(second).first().getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: `指令详情 ${twice}` });
  await expect(drawer).toContainText('需2人复核');
  await expect(drawer).toContainText('李静（1/2）');
  await expect(drawer).toContainText('周洋');
  await page.screenshot({ path: '../docs/screenshots/approval-rules-second-round.png' });
  await page.keyboard.press('Escape');
  await pass(page, second);
  await expect(toast(page, '已通过 1 条指令')).toBeVisible();
  await expect(dataRows(second)).toHaveCount(0);

  // Above his limit he cannot pass: it waits for a reviewer who may.
  await pass(page, await reviewRow(page, aboveLimit));
  await expect(toast(page, `指令${aboveLimit}：${INSTRUCTION_MESSAGES.overApprovalLimit}`)).toBeVisible();
  await page.reload();
  await expect(dataRows(await reviewRow(page, aboveLimit)).first()).toContainText('第2/2轮');
});
