import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './fixtures';
import { signIn } from './login-page';

const GALLERY = '/zctgdzhwy/gateway/componentGallery/index';

/** The gallery is a development-only staff page behind COMPONENT_GALLERY (run by playwright.dev.config.ts): log in as bank staff first. */
async function openGallery(page: Page) {
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(GALLERY);
  await expect(page).toHaveTitle(/^组件示例/);
  const table = page.getByRole('region', { name: '托管账户列表' });
  await expect(table.getByText('共 128 条')).toBeVisible();
  return table;
}

/** The data rows of a (non-virtual) antd table. */
const dataRows = (table: Locator) => table.locator('tbody tr.ant-table-row');
const pageButton = (table: Locator, n: number) => table.getByRole('button', { name: `第 ${n} 页`, exact: true });

async function choosePageSize(page: Page, table: Locator, size: number) {
  await table.getByLabel('每页条数').click();
  await page.locator('.ant-select-item-option', { hasText: `${size} 条/页` }).click();
}

test.describe('DataTable', () => {
  test('pages on the server: sizes 10/20/50/100, an 11-button pager and the jumper', async ({ page }) => {
    const table = await openGallery(page);
    await expect(dataRows(table)).toHaveCount(10);
    await expect(table.getByRole('button', { name: /^第 \d+ 页$/ })).toHaveCount(11);
    await expect(pageButton(table, 1)).toHaveAttribute('aria-current', 'page');
    await expect(pageButton(table, 13)).toBeVisible();

    await table.getByRole('button', { name: '下一页' }).click();
    await expect(pageButton(table, 2)).toHaveAttribute('aria-current', 'page');
    await expect(dataRows(table).first().locator('td').nth(1)).toHaveText('11');

    await choosePageSize(page, table, 20);
    await expect(dataRows(table)).toHaveCount(20);
    await expect(pageButton(table, 7)).toBeVisible();
    await expect(pageButton(table, 8)).toHaveCount(0);

    const jumper = table.getByLabel('跳至页码');
    await jumper.fill('5');
    await jumper.press('Enter');
    await expect(pageButton(table, 5)).toHaveAttribute('aria-current', 'page');
    await expect(dataRows(table).first().locator('td').nth(1)).toHaveText('81');
    await expect(jumper).toHaveValue('5');

    // Past the last page the jumper stops at the last page.
    await jumper.fill('99');
    await jumper.press('Enter');
    await expect(pageButton(table, 7)).toHaveAttribute('aria-current', 'page');
    await expect(dataRows(table)).toHaveCount(8);

    // A larger page size keeps the clerk on a page that still exists.
    await choosePageSize(page, table, 100);
    await expect(pageButton(table, 2)).toHaveAttribute('aria-current', 'page');
    await expect(dataRows(table)).toHaveCount(28);
    await expect(dataRows(table).first().locator('td').nth(1)).toHaveText('101');

    await choosePageSize(page, table, 50);
    await expect(dataRows(table)).toHaveCount(28);
    await expect(table.getByText('共 128 条')).toBeVisible();
  });

  test('the query form searches once typing pauses, and 重置 clears it', async ({ page }) => {
    const table = await openGallery(page);
    await table.getByLabel('账户名称').pressSequentially('华夏远航');
    await expect(table.getByText('共 128 条')).toHaveCount(0);
    const names = dataRows(table).locator('td:nth-child(4)');
    await expect(names.first()).toContainText('华夏远航');
    // Retried, not read once: a pause mid-word may have searched for part of the name first.
    await expect(names.filter({ hasNotText: '华夏远航' })).toHaveCount(0);

    await table.getByRole('button', { name: '重 置' }).click();
    await expect(table.getByText('共 128 条')).toBeVisible();
    await expect(table.getByLabel('账户名称')).toHaveValue('');
  });

  test('checkbox selection survives paging; radio selection keeps one row; selection can be off', async ({ page }) => {
    const table = await openGallery(page);
    const rowBox = (n: number) => dataRows(table).nth(n).locator('.ant-table-selection-column input');
    await rowBox(0).check();
    await rowBox(1).check();
    await expect(table.getByText('已选择 2 项')).toBeVisible();
    await pageButton(table, 2).click();
    // The previous page stays on screen while the next one loads.
    await expect(dataRows(table).first().locator('td').nth(1)).toHaveText('11');
    await rowBox(0).check();
    await expect(table.getByText('已选择 3 项')).toBeVisible();
    await pageButton(table, 1).click();
    await expect(dataRows(table).first().locator('td').nth(1)).toHaveText('1');
    await expect(rowBox(1)).toBeChecked();

    await page.getByLabel('选择方式', { exact: true }).getByText('单选').click();
    await expect(table.getByText('已选择 0 项')).toBeVisible();
    await expect(dataRows(table).first().getByRole('radio')).toBeVisible();
    await dataRows(table).nth(0).getByRole('radio').check();
    await dataRows(table).nth(3).getByRole('radio').check();
    await expect(table.getByText('已选择 1 项')).toBeVisible();
    await expect(dataRows(table).nth(0).getByRole('radio')).not.toBeChecked();

    await page.getByLabel('选择方式', { exact: true }).getByText('不可选').click();
    await expect(table.locator('.ant-table-selection-column')).toHaveCount(0);
    await expect(table.getByText(/已选择/)).toHaveCount(0);
  });

  test('row actions need their ACTION_ authority; overflow actions sit under 更多', async ({ page }) => {
    const table = await openGallery(page);
    const firstRow = dataRows(table).first();
    await expect(firstRow.getByRole('button', { name: '查看' })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: '修改' })).toBeVisible();
    await expect(table.getByRole('button', { name: '新增账户' })).toBeVisible();
    await expect(table.getByRole('button', { name: '导入' })).toBeVisible();

    // The first account is active: 停用 is offered, then confirmed, and the row shows the new status.
    await expect(firstRow.getByText('正常')).toBeVisible();
    await firstRow.getByRole('button', { name: '更多' }).click();
    await expect(page.getByRole('menuitem', { name: '账户授权' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '删除' })).toBeVisible();
    await page.getByRole('menuitem', { name: '停用' }).click();
    const dialog = page.getByRole('dialog', { name: '确认停用' });
    await expect(dialog).toContainText('停用后该账户不能再发起指令');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.getByText('账户已停用')).toBeVisible();
    await expect(firstRow.getByText('休眠账户')).toBeVisible();

    await page.getByLabel('模拟权限').getByText('无操作权限').click();
    await expect(firstRow.getByRole('button', { name: '查看' })).toBeVisible();
    await expect(table.getByRole('button', { name: '修改' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: '更多' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: '新增账户' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: '导入' })).toHaveCount(0);

    await page.getByLabel('模拟权限').getByText('全部操作权限').click();
    await expect(firstRow.getByRole('button', { name: '修改' })).toBeVisible();
  });

  test('shows the empty and the error state', async ({ page }) => {
    const table = await openGallery(page);
    await page.getByLabel('接口模拟').getByText('无数据').click();
    await expect(table.getByText('共 0 条')).toBeVisible();
    await expect(table.locator('.ant-empty-description')).toHaveText('暂无数据');

    await page.getByLabel('接口模拟').getByText('调用失败').click();
    const alert = table.getByRole('alert');
    await expect(alert.getByText('数据加载失败')).toBeVisible();
    await expect(alert.getByText('服务访问异常')).toBeVisible();

    await page.getByLabel('接口模拟').getByText('正常').click();
    await expect(table.getByText('共 128 条')).toBeVisible();
    await expect(table.getByRole('alert')).toHaveCount(0);
  });

  test('CSV import: other types get the spec message; a file is checked and previewed before anything is sent', async ({ page }) => {
    const table = await openGallery(page);
    const fileInput = table.locator('input[type="file"]');

    await fileInput.setInputFiles({ name: '托管账户.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('PK') });
    await expect(page.getByText('[Format Error]:你上传的不是Csv文件')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const header = '账号,账户名称,所属企业,币种,账户余额,开户日期';
    const bad = [header, '6.22848E+18,华夏远航新开户,华夏远航基金管理有限公司,CNY,100.00,2024-06-28', '6228480099990001234,,华夏远航基金管理有限公司,RMB,01.5,2024/06/28'];
    await fileInput.setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.join('\r\n'), 'utf8') });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('共 2 行，其中 2 行有误，请修改文件后重新导入。')).toBeVisible();
    await expect(dialog.getByText('账号：账号应为10到32位数字')).toBeVisible();
    await expect(dialog.getByText(/账户名称不能为空！；币种：币种应为CNY、USD或KRW；账户余额：金额格式不合法（最大17位整数和2位小数）；开户日期：日期应为yyyy-MM-dd格式/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: '确认导入' })).toBeDisabled();
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await expect(table.getByText('共 128 条')).toBeVisible();

    const good = [
      '\uFEFF' + header,
      '6228480099990001234,华夏远航稳健增利13号集合资产管理计划,华夏远航基金管理有限公司,CNY,5000000.00,2024-06-28',
      '6228480099990005678,中泰安盛人寿分红险个险分红13号组合,中泰安盛人寿保险股份有限公司,USD,120000.5,',
    ];
    await fileInput.setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(good.join('\r\n'), 'utf8') });
    await expect(dialog.getByText('共 2 行，校验通过，确认后导入。')).toBeVisible();
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await expect(page.getByText('成功导入 2 条托管账户数据')).toBeVisible();
    await expect(table.getByText('共 130 条')).toBeVisible();
    await expect(dataRows(table).first()).toContainText('华夏远航稳健增利13号集合资产管理计划');
  });
});

test.describe('FormBuilder', () => {
  test('required fields say "{label}不能为空！" on blur, dictionary rules give their prompt', async ({ page }) => {
    await openGallery(page);
    const form = page.locator('form#accountRegistration');
    const accountNo = form.getByLabel('账号', { exact: true });

    await accountNo.focus();
    await accountNo.blur();
    await expect(form.getByText('账号不能为空！')).toBeVisible();

    const cardType = form.getByLabel('账户类型');
    await cardType.focus();
    await cardType.blur();
    await expect(form.getByText('账户类型不能为空！')).toBeVisible();

    // Blanks count as empty.
    await form.getByLabel('账户名称').fill('   ');
    await form.getByLabel('账户名称').blur();
    await expect(form.getByText('账户名称不能为空！')).toBeVisible();

    await accountNo.fill('12345');
    await expect(form.getByText('账号不能为空！')).toBeVisible();
    await accountNo.blur();
    await expect(form.getByText('账号应为10到32位数字')).toBeVisible();

    await form.getByLabel('联系人手机').fill('2381234567');
    await form.getByLabel('联系人手机').blur();
    await expect(form.getByText('请输入正确的11位手机号码')).toBeVisible();

    await form.getByLabel('初始金额').fill('012.5');
    await form.getByLabel('初始金额').blur();
    await expect(form.getByText('金额格式不合法（最大17位整数和2位小数）')).toBeVisible();

    // Submitting shows every required message at once, the choice controls' too.
    await form.getByRole('button', { name: /提\s?交/ }).click();
    await expect(form.getByText('开户日期不能为空！')).toBeVisible();
    await expect(form.getByText('开通渠道不能为空！')).toBeVisible();
    await expect(form.getByText('是否主账户不能为空！')).toBeVisible();
    await expect(page.getByLabel('提交的数据')).toHaveText('尚未提交');
  });

  test('masks on display, trims text but not textareas, sends empty numbers as null and switches as 1/0', async ({ page }) => {
    await openGallery(page);
    const form = page.locator('form#accountRegistration');
    const accountNo = form.getByLabel('账号', { exact: true });
    await accountNo.fill('6228480012345678901');
    await accountNo.blur();
    await expect(accountNo).toHaveValue('622848******8901');
    await accountNo.focus();
    await expect(accountNo).toHaveValue('6228480012345678901');
    await accountNo.blur();

    const accountName = form.getByLabel('账户名称');
    await accountName.fill('  华夏远航稳健增利1号集合资产管理计划  ');
    await accountName.blur();
    await expect(accountName).toHaveValue('华夏远航稳健增利1号集合资产管理计划');

    await form.getByLabel('账户类型').click();
    await page.locator('.ant-select-item-option', { hasText: '活期存款' }).click();
    await form.getByLabel('初始金额').fill('5000000.00');
    await form.getByLabel('联系人手机').fill('13812345678');
    const openDate = form.getByLabel('开户日期');
    await openDate.fill('2024-06-28');
    await openDate.press('Enter');
    await form.getByRole('checkbox', { name: '网银（网上银行）' }).check();
    await form.getByRole('radio', { name: '是', exact: true }).check();
    await form.getByLabel('备注').fill('  首次开户，\n  资料齐全  ');

    await form.getByRole('button', { name: /提\s?交/ }).click();
    await expect(page.getByText('账户信息已提交')).toBeVisible();
    const sent = JSON.parse((await page.getByLabel('提交的数据').textContent()) ?? '');
    expect(sent).toEqual({
      accountNo: '6228480012345678901',
      accountName: '华夏远航稳健增利1号集合资产管理计划',
      currency: 'CNY',
      cardType: 'PSAV',
      initialAmount: '5000000.00',
      termDays: null,
      contactMobile: '13812345678',
      openDate: '2024-06-28',
      channels: ['IBS'],
      reinvestType: '0',
      autoRenew: 1,
      isMainAccount: 1,
      remark: '  首次开户，\n  资料齐全  ',
    });

    await form.getByRole('switch').click();
    await form.getByLabel('存款期限（天）').fill('90');
    await form.getByRole('button', { name: /提\s?交/ }).click();
    await expect(page.getByLabel('提交的数据')).toContainText('"autoRenew": 0');
    await expect(page.getByLabel('提交的数据')).toContainText('"termDays": 90');
  });
});

test.describe('transfer lists', () => {
  test('UserAssignTransfer moves users both ways and searches both lists', async ({ page }) => {
    await openGallery(page);
    const left = page.getByRole('region', { name: '未分配用户列表' });
    const right = page.getByRole('region', { name: '已分配用户列表' });
    const row = (list: Locator, userNo: string) => list.locator(`.ant-table-row[data-row-key="${userNo}"]`);
    await expect(left.getByRole('columnheader', { name: '用户号' })).toBeVisible();
    await expect(left.getByRole('columnheader', { name: '用户姓名' })).toBeVisible();
    await expect(left.getByText('共 22 项')).toBeVisible();
    await expect(right.getByText('共 2 项')).toBeVisible();

    await left.getByRole('checkbox', { name: '选择 U100000102' }).check();
    await left.getByRole('checkbox', { name: '选择 U100000103' }).check();
    await expect(left.getByText('已选 2 项')).toBeVisible();
    await page.getByRole('button', { name: '加入右侧' }).first().click();
    await expect(row(right, 'U100000102')).toBeVisible();
    await expect(row(right, 'U100000103')).toBeVisible();
    await expect(row(left, 'U100000102')).toHaveCount(0);
    await expect(page.getByText('已分配用户号：U100000101、U100000104、U100000102、U100000103')).toBeVisible();

    await right.getByLabel('已分配用户列表搜索').fill('u100000101');
    await expect(right.getByText('共 1 项')).toBeVisible();
    await right.getByRole('checkbox', { name: '选择 U100000101' }).check();
    await page.getByRole('button', { name: '加入左侧' }).first().click();
    await expect(right.getByText('共 0 项')).toBeVisible();
    await right.getByLabel('已分配用户列表搜索').fill('');
    await expect(right.getByText('共 3 项')).toBeVisible();
    await expect(row(left, 'U100000101')).toBeVisible();
    await expect(page.getByText('已分配用户号：U100000104、U100000102、U100000103')).toBeVisible();

    // Names are searched too.
    const name = (await row(left, 'U100000105').locator('.ant-table-cell').nth(2).textContent()) ?? '';
    await left.getByLabel('未分配用户列表搜索').fill(name);
    await expect(left.getByText('共 21 项')).toHaveCount(0);
    await expect(row(left, 'U100000105')).toBeVisible();
    for (const shown of await left.locator('.ant-table-row .ant-table-cell:nth-child(3)').allTextContents()) expect(shown).toBe(name);
  });

  test('InstitutionPicker in single mode refuses a second institution until the first is removed', async ({ page }) => {
    await openGallery(page);
    const left = page.getByRole('region', { name: '可选第三方机构' });
    const right = page.getByRole('region', { name: '已选第三方机构' });
    const moveRight = page.getByRole('button', { name: '加入右侧' }).nth(1);
    const moveLeft = page.getByRole('button', { name: '加入左侧' }).nth(1);
    await expect(left.getByRole('columnheader', { name: '企业编号' })).toBeVisible();
    await expect(left.getByRole('columnheader', { name: '企业名称' })).toBeVisible();

    await left.getByRole('radio', { name: '选择 2000000001' }).check();
    await moveRight.click();
    await expect(right.getByText('华夏远航基金管理有限公司')).toBeVisible();

    await left.getByRole('radio', { name: '选择 2000000002' }).check();
    await moveRight.click();
    await expect(page.getByText('请先移除右侧选择数据！')).toBeVisible();
    await expect(right.getByText('共 1 项')).toBeVisible();
    await expect(page.getByText('已选企业编号：2000000001')).toBeVisible();

    await right.getByRole('checkbox', { name: '选择 2000000001' }).check();
    await moveLeft.click();
    await expect(right.getByText('共 0 项')).toBeVisible();
    await left.getByRole('radio', { name: '选择 2000000002' }).check();
    await moveRight.click();
    await expect(page.getByText('已选企业编号：2000000002')).toBeVisible();

    await page.getByLabel('机构选择方式').getByText('多选').click();
    await left.getByRole('checkbox', { name: '选择 2000000003' }).check();
    await left.getByRole('checkbox', { name: '选择 2000000004' }).check();
    await moveRight.click();
    await expect(page.getByText('已选企业编号：2000000003、2000000004')).toBeVisible();
  });

  test('10,000 rows stay virtualised: a few rows in the DOM, search still finds any row', async ({ page }) => {
    await openGallery(page);
    await page.getByLabel('数据量').getByText('10,000 条').click();
    const left = page.getByRole('region', { name: '未分配用户列表' });
    await expect(left.getByText('共 9998 项')).toBeVisible();
    expect(await left.locator('.ant-table-row').count()).toBeLessThan(60);
    await left.getByLabel('未分配用户列表搜索').fill('U100010100');
    await expect(left.getByText('共 1 项')).toBeVisible();
    await expect(left.locator('.ant-table-row[data-row-key="U100010100"]')).toBeVisible();
  });
});

test.describe('download helper', () => {
  test('saves a blob under the Content-Disposition name and shows the spec messages on failure', async ({ page }) => {
    await openGallery(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载托管账户清单' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('托管账户清单.xls');
    const body = await fs.readFile(await download.path(), 'utf8');
    expect(body).toContain('<Worksheet ss:Name="托管账户清单">');
    await expect(page.getByText('已下载：托管账户清单.xls')).toBeVisible();

    await page.getByRole('button', { name: '服务端返回错误报文' }).click();
    await expect(page.getByText('文件下载失败！')).toBeVisible();
    await page.getByRole('button', { name: '下载请求失败' }).click();
    await expect(page.getByText('下载异常，请联系管理员！')).toBeVisible();
  });
});
