import { expect, test } from './fixtures';
import { APP, signIn } from './login-page';

// API网关管理 › 合作方管理 (issue 15): staff create a partner client, the secret shown once works
// at /auth/oauth/token, and a revoked client gets 401.

test('staff create a partner client whose one-time secret gets a token, then revoke it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'Admin1234');
  await page.goto(`${APP}/gateway/partnerManagement/index`);
  const view = page.locator('[data-view="/gateway/partnerManagement/index"]');
  await view.getByRole('button', { name: '新增合作方' }).click();
  const dialog = page.getByRole('dialog', { name: '新增合作方' });
  const name = `估值系统${String(Date.now()).slice(-6)}`;
  await dialog.getByLabel('合作方名称').fill(name);
  await dialog.getByLabel('所属企业').click();
  await page.locator('.ant-select-item-option', { hasText: '1000000001' }).first().click();
  // The seat it acts as: its authorities and account rights bound every call it makes.
  await dialog.getByLabel('代理用户号').click();
  await page.locator('.ant-select-item-option', { hasText: 'U100000101' }).first().click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  const shown = page.getByRole('dialog').filter({ hasText: '合作方已创建' });
  const secret = (await shown.locator('[data-client-secret]').innerText()).trim();
  const clientId = (await shown.getByText(/^pc_[0-9a-f]{24}$/).innerText()).trim();
  await page.getByRole('button', { name: '我已记下' }).click();
  await expect(view.getByRole('row', { name: new RegExp(name) })).toContainText('启用');
  await expect(view.getByRole('row', { name: new RegExp(name) })).toContainText('U100000101');
  await page.screenshot({ path: '../docs/screenshots/partner-management.png' });

  const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  const token = await request.post('/pmobile/auth/oauth/token?grant_type=client_credentials', { headers: { authorization: basic } });
  expect(token.status()).toBe(200);
  expect((await token.json()).data).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });

  await view.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: /停\s*用/ }).click();
  await page.getByRole('dialog', { name: '停用合作方' }).getByRole('button', { name: /停\s*用/ }).click();
  await expect(view.getByRole('row', { name: new RegExp(name) })).toContainText('已停用');
  const refused = await request.post('/pmobile/auth/oauth/token?grant_type=client_credentials', { headers: { authorization: basic } });
  expect(refused.status()).toBe(401);
});
