import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test, type Page } from './fixtures';
import { APP, CAPTCHA, captchaImage, captchaInput, login, loginButton, openLogin, fillLogin } from './login-page';

// The certificate edition end to end in Chromium (issue 14): staff hand the checker an activation
// code; the checker enrols (key made and sealed under a PIN in this browser), logs in with the
// certificate and reviews an instruction signed by its key; the signed edition refuses the checker
// meanwhile; freeze, unfreeze, renew and revoke each show on the login page. It ends revoked, so
// the checker logs in on the signed edition again for the other specs.

test.use({ viewport: { width: 1440, height: 900 } });

const CERTS = '/system/certManagement/index';
const REVIEW = '/instructionManagement/instructionReview/index';
const STATUS_MESSAGE = '当前证书状态异常包含但不限于(过期/未下载/冻结),请使用网银助手检查证书状态';
const CERT_REQUIRED = '该用户已启用数字证书，请使用证书版登录';
const PIN = 'pin-246810';
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** Signs out as a person switching users would, keeping IndexedDB (the certificate stays in this browser). */
async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto(`${APP}/login`);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
}

async function asAdmin(page: Page) {
  await signOut(page);
  await login(page, 'admin', 'Admin1234');
  await page.goto(`${APP}${CERTS}`);
}

/** On 证书管理 as admin: one action on the checker's live certificate. */
async function certAction(page: Page, action: '冻结' | '解冻' | '更新') {
  await asAdmin(page);
  const row = page.locator('.ant-table-row', { hasText: 'checker' }).filter({ hasNotText: '已吊销' }).first();
  // antd spaces out a two-character label in a bordered button.
  const name = new RegExp(`^${action[0]}\\s*${action[1]}$`);
  await row.getByRole('button', { name }).click();
  await page.getByRole('dialog').getByRole('button', { name }).click();
  await expect(toast(page, `证书已${action}`)).toBeVisible();
}

async function openCertLogin(page: Page) {
  await signOut(page);
  await page.goto(`${APP}/handleLoginCert`);
  await expect(captchaImage(page)).toBeVisible();
}

const cryptoSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'crypto', 'src');

/**
 * In the app's own origin: opens the enrolled key from IndexedDB with the PIN (PBKDF2 + AES-GCM in
 * Web Crypto, as the app stores it) and signs a message with our browser SM2; answers the
 * certificate and the signature for OpenSSL to check.
 */
async function signInBrowser(page: Page, message: string) {
  const bundle = await build({
    stdin: { contents: "import { portalCrypto } from './browser'; globalThis.PortalCrypto = portalCrypto;", resolveDir: cryptoSrc, loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  // Evaluated through the debugging protocol: the app's CSP allows no inline script.
  await page.evaluate(bundle.outputFiles[0]!.text);
  return page.evaluate(
    async ({ pin, message }) => {
      const settle = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
      const db = await settle(indexedDB.open('zctg-cert', 1));
      const rec = await settle(db.transaction('cert').objectStore('cert').get('enrolled') as IDBRequest<{ certificate: string; salt: Uint8Array<ArrayBuffer>; iv: Uint8Array<ArrayBuffer>; sealedKey: Uint8Array<ArrayBuffer> }>);
      db.close();
      const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
      const key = await crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: rec.salt, iterations: 310_000 }, material, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
      const privateKey = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: rec.iv }, key, rec.sealedKey));
      const pc = (globalThis as unknown as { PortalCrypto: import('../../packages/crypto/src/types').PortalCrypto }).PortalCrypto;
      const signature = await pc.sm2Sign(pc.toHex(privateKey), pc.utf8Encode(message));
      return { certificate: rec.certificate, signature: pc.toBase64(signature), pinKeyExtractable: key.extractable };
    },
    { pin: PIN, message },
  );
}

/** OpenSSL: the key out of the certificate, then the SM2 signature with the standard user ID. */
function opensslVerifies(certificate: string, message: string, signature: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'cert-e2e-'));
  try {
    writeFileSync(path.join(dir, 'cert.pem'), certificate);
    writeFileSync(path.join(dir, 'msg'), message);
    writeFileSync(path.join(dir, 'sig'), Buffer.from(signature, 'base64'));
    execFileSync('openssl', ['x509', '-in', 'cert.pem', '-pubkey', '-noout', '-out', 'pub.pem'], { cwd: dir });
    const args = ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-digest', 'sm3', '-pkeyopt', 'distid:1234567812345678', '-in', 'msg', '-sigfile', 'sig'];
    try {
      execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
      return true;
    } catch {
      return false;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PIN opens the key, which proves itself to the bank (user/queryByKey) and signs the login. */
async function submitCertLogin(page: Page) {
  await openCertLogin(page);
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('checker');
  await page.getByLabel('证书PIN码', { exact: true }).fill(PIN);
  await page.getByLabel('登录密码', { exact: true }).pressSequentially('Demo1234');
  await captchaInput(page).fill(CAPTCHA);
  await loginButton(page).click();
}

async function certLogin(page: Page) {
  await submitCertLogin(page);
  await expect(page).toHaveURL(/\/home$/);
}

/** The bank says why the certificate cannot log in only once its key has proved itself. */
async function certLoginRefused(page: Page) {
  await openCertLogin(page);
  await expect(page.getByText(STATUS_MESSAGE)).toHaveCount(0);
  await submitCertLogin(page);
  await expect(page.getByText(STATUS_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/handleLoginCert$/);
}

test('enrol with an activation code, log in with the certificate, review signed with it; freeze, unfreeze, renew, revoke', async ({ page }) => {
  test.setTimeout(240_000);

  // Staff: an activation code for the checker.
  await asAdmin(page);
  await page.getByRole('button', { name: '生成激活码' }).click();
  const dialog = page.getByRole('dialog', { name: '生成证书激活码' });
  await dialog.getByLabel('用户名').fill('checker');
  await dialog.getByRole('button', { name: /生\s*成/ }).click();
  const codeText = (await dialog.getByTestId('activation-code').textContent()) ?? '';
  const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(codeText)?.[0];
  expect(code).toBeTruthy();
  await page.screenshot({ path: '../docs/screenshots/cert-admin-activation-code.png' });
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  // No certificate in this browser: the spec message, and enrolment with the code.
  await openCertLogin(page);
  await expect(page.getByText(STATUS_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toBeDisabled();
  await expect(loginButton(page)).toBeDisabled();
  await page.getByRole('button', { name: '使用激活码下载证书' }).click();
  await page.getByLabel('激活码').fill(code!);
  await page.getByLabel('设置证书PIN码').fill(PIN);
  await page.getByLabel('确认PIN码').fill(PIN);
  await page.getByLabel('登录密码', { exact: true }).pressSequentially('Demo1234');
  await captchaInput(page).fill(CAPTCHA);
  await page.screenshot({ path: '../docs/screenshots/cert-enrol.png' });
  await page.getByRole('button', { name: '下载证书' }).click();
  await expect(toast(page, '证书下载成功，请使用证书登录')).toBeVisible();
  // A signature made in Chromium with the enrolled key verifies with OpenSSL against its certificate.
  const signed = await signInBrowser(page, 'checker|interop|1');
  expect(signed.pinKeyExtractable).toBe(false);
  expect(opensslVerifies(signed.certificate, 'checker|interop|1', signed.signature)).toBe(true);
  expect(opensslVerifies(signed.certificate, 'checker|tampered|1', signed.signature)).toBe(false);

  // The certificate gives the username; a wrong PIN does not open the key.
  await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('checker');
  await expect(page.getByLabel('用户名', { exact: true })).toBeDisabled();
  await page.getByLabel('证书PIN码', { exact: true }).fill('wrong-pin-1');
  await page.getByLabel('登录密码', { exact: true }).pressSequentially('Demo1234');
  await captchaInput(page).fill(CAPTCHA);
  await page.screenshot({ path: '../docs/screenshots/cert-login.png' });
  await loginButton(page).click();
  await expect(toast(page, '证书PIN码错误，请重新输入')).toBeVisible();

  // Certificate login, then a review signed by the certificate's key.
  await certLogin(page);
  await page.goto(`${APP}${REVIEW}`);
  const region = page.locator(`[data-view="${REVIEW}"]`).getByRole('region', { name: '待复核指令列表' });
  const rows = region.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().getByRole('checkbox').check();
  await region.getByRole('button', { name: '复核通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '已通过 1 条指令')).toBeVisible();

  // The signed edition refuses a login holding an active certificate.
  await signOut(page);
  await openLogin(page);
  await fillLogin(page, 'checker', 'Demo1234');
  await loginButton(page).click();
  await expect(toast(page, CERT_REQUIRED)).toBeVisible();

  // Frozen: refused with the spec message; unfrozen: in again.
  await certAction(page, '冻结');
  await page.screenshot({ path: '../docs/screenshots/cert-admin.png' });
  await certLoginRefused(page);
  await certAction(page, '解冻');
  await certLogin(page);

  // Renewed: the browser picks up the new certificate for its key and logs in with it.
  await certAction(page, '更新');
  await certLogin(page);

  // Revoked: the certificate is refused for good, and the signed edition is open again.
  await asAdmin(page);
  const row = page.locator('.ant-table-row', { hasText: 'checker' }).filter({ hasText: '正常' }).first();
  await row.getByRole('button', { name: '吊销' }).click();
  const revoke = page.getByRole('dialog', { name: '吊销证书' });
  await revoke.getByLabel('吊销原因').fill('客户申请注销证书');
  await revoke.getByRole('button', { name: /吊\s*销/ }).click();
  await expect(toast(page, '证书已吊销')).toBeVisible();
  await certLoginRefused(page);
  // Revoking does not give the password back by itself (a lost or stolen key must not fall back
  // to it): staff restore password login, and then the checker logs in on the signed edition.
  await signOut(page);
  await openLogin(page);
  await fillLogin(page, 'checker', 'Demo1234');
  await loginButton(page).click();
  await expect(toast(page, CERT_REQUIRED)).toBeVisible();
  await asAdmin(page);
  const revokedRow = page.locator('.ant-table-row', { hasText: 'checker' }).filter({ hasText: '已吊销' }).filter({ has: page.getByRole('button', { name: '恢复密码登录' }) });
  await expect(revokedRow).toHaveCount(1);
  await revokedRow.getByRole('button', { name: '恢复密码登录' }).click();
  await page.getByRole('dialog', { name: '恢复密码登录' }).getByRole('button', { name: /恢\s*复/ }).click();
  await expect(toast(page, '已恢复密码登录')).toBeVisible();
  await signOut(page);
  await login(page, 'checker', 'Demo1234');
});
