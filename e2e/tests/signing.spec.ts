import { expect, test, type Page } from './fixtures';
import { portalCrypto as c } from '../../packages/crypto/src/node';
import { RETURN_CODES } from '../../packages/shared/src/index';
import { deviceKey } from './device-key';
import { APP, signIn } from './login-page';

// Signed operations in Chromium against the real server (docs/signing.md): the browser signs
// every sensitive operation with the device key its login was signed with, and the server
// refuses a signature by any other key.

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const pickOption = async (page: Page, text: string) => page.locator('.ant-select-item-option', { hasText: text }).first().click();

async function addUser(page: Page, username: string) {
  const view = page.locator('[data-view="/system/userManagement/index"]');
  await view.getByRole('button', { name: /新增用户/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('用户姓名').fill('签名测试');
  await dialog.getByLabel('所属企业').click();
  await pickOption(page, '1000000001');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  return dialog;
}

test('an operation signed by another key than the login’s is refused with a message and changes nothing', async ({ page }) => {
  const username = `sig${Date.now()}`;
  await signIn(page, 'admin', 'Admin1234');
  const own = await deviceKey(page);
  expect(own?.publicKey).toMatch(/^04[0-9a-f]{128}$/);

  // The session stays; the browser's key is no longer the one its login was signed with.
  await deviceKey(page, await c.sm2GenerateKeyPair());
  await page.goto(`${APP}/system/userManagement/index`);
  const refused = page.waitForResponse('**/pmobile/customer/user/add');
  const dialog = await addUser(page, username);
  expect((await (await refused).json()).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
  await expect(toast(page, RETURN_CODES.SIGN_INVALID.message)).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  const view = page.locator('[data-view="/system/userManagement/index"]');
  await view.getByLabel('用户名').fill(username);
  await expect(view.getByRole('row').filter({ hasText: username })).toHaveCount(0);

  // With the login's own key the same addition goes through, and so does removing it again.
  await deviceKey(page, own);
  await page.reload();
  await addUser(page, username);
  await expect(page.getByRole('dialog').filter({ hasText: '用户已创建' })).toBeVisible();
  await page.getByRole('button', { name: '我已记下' }).click();
  await view.getByLabel('用户名').fill(username);
  const row = view.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toHaveCount(0);
});
