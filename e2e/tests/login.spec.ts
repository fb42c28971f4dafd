import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { portalCrypto as c } from '../../packages/crypto/src/node';
import { challengedSigningData, envelopeAad, loginSigningString, replaySigningString } from '../../packages/shared/src/index';
import { APP, CAPTCHA, captchaImage, captchaInput, fillLogin, loginButton, openLogin, passwordInput } from './login-page';

// Login, password control, forced and dialog password changes, logout and lockout in Chromium
// against the real server (TEST_CAPTCHA makes every captcha's answer ABCDE).

const API_HEADERS = { appid: 'zctgdzhwy', bl: '1' };

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text, { exact: true });
// A field's message, announced beside it (the login page's fields describe themselves by it).
const fieldError = (page: Page, text: string) => page.getByRole('alert').getByText(text, { exact: true });

/** The browser's device public key as lib/device-key.ts keeps it in IndexedDB. */
const storedDeviceKey = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('zctg-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('keys').objectStore('keys').get('login-sm2');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => resolve((get.result as { publicKey: string } | undefined)?.publicKey);
        };
      }),
  );

/**
 * A client of the API written from docs/wire.md (negotiation, envelope, anti-replay, password
 * sealing, device signature) and docs/signing.md, for what the browser cannot do here: act as
 * staff, and use a token after its session ended.
 */
async function apiClient(request: APIRequestContext) {
  const keyInfo = (await (await request.post('/pmobile/base/app/getEncryptionPublicKey', { headers: API_HEADERS })).json()).data as {
    appAsymmetricEncryptionPublicKey: string;
    appAsymmetricEncryptionType: 'SM2' | 'RSA';
    appSymmetricEncryptionType: 'SM4' | 'AES';
  };
  const asym = keyInfo.appAsymmetricEncryptionType;
  const sym = keyInfo.appSymmetricEncryptionType;
  const key = c.generateSessionKey(sym);
  const rev = await c.encryptSessionKey(asym, keyInfo.appAsymmetricEncryptionPublicKey, key);
  const headers = { ...API_HEADERS, rev };
  const apis = (await (await request.get('/pmobile/initial/api/list', { headers })).json()).data as { path: string; isEncrypt: number }[];
  const encrypted = new Set(apis.filter((a) => a.isEncrypt === 1).map((a) => a.path));

  async function post(path: string, value: unknown, token?: string) {
    const pathname = `/pmobile${path}`;
    const aad = (direction: 'request' | 'response') => c.utf8Encode(envelopeAad('POST', pathname, direction));
    const plain = JSON.stringify(value);
    const body = encrypted.has(path) ? JSON.stringify({ request: c.toBase64(await c.seal(sym, key, c.utf8Encode(plain), aad('request'))) }) : plain;
    const timestamp = String(Date.now());
    const nonce = c.randomHex(16);
    const digest = c.toHex(await c.digest(sym, c.utf8Encode(body)));
    const sign = c.toBase64(await c.mac(sym, key, c.utf8Encode(replaySigningString('POST', pathname, timestamp, nonce, digest))));
    const res = await request.post(pathname, {
      data: body,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-sign': sign,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const json = (await res.json()) as { returnCode: string; returnMsg: string; data: unknown; response?: string };
    const data = json.response ? JSON.parse(c.utf8Decode(await c.open(sym, key, c.fromBase64(json.response), aad('response')))) : json.data;
    return { status: res.status(), returnCode: json.returnCode, data };
  }

  // The device key of the last login: the session's signed operations are signed with it.
  let device = await c.sm2GenerateKeyPair();
  const sign = async (data: string) => c.toBase64(await c.sm2Sign(device.privateKey, c.utf8Encode(data)));

  async function login(username: string, password: string): Promise<string> {
    await request.post('/pmobile/captcha/picture/createCode', { headers });
    const { data } = await post('/customer/Random', {});
    const random = (data as { random: string }).random;
    const randomClient = c.randomHex(16);
    const zctgPassword = await c.asymEncrypt(asym, keyInfo.appAsymmetricEncryptionPublicKey, c.utf8Encode(JSON.stringify({ password, random, randomClient })));
    device = await c.sm2GenerateKeyPair();
    const signMsg = c.toBase64(await c.sm2Sign(device.privateKey, c.utf8Encode(loginSigningString(username, random, randomClient, '0'))));
    const reply = await post('/admin/login/token', {
      username,
      password: zctgPassword,
      captcha: CAPTCHA,
      lastRev: rev,
      loginFlag: 4,
      extension: { loginType: '0', zctgPassword, random, randomClient, key: device.publicKey, signMsg, channelCode: 'WY' },
    });
    expect(reply.returnCode).toBe('000000');
    return (reply.data as { access_token: string }).access_token;
  }

  return { post, login, sign };
}

test.describe('login page', () => {
  test('shows each spec §5 login message, and submits nothing while the password is empty', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/(customer\/Random|admin\/login\/token)$/.test(r.url())) calls.push(r.url());
    });
    await openLogin(page);
    await expect(page).toHaveTitle(/^Login - 登录/);

    // Username and captcha given, no password: the field says so and the submit stops silently.
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await captchaInput(page).fill(CAPTCHA);
    await loginButton(page).click();
    await expect(fieldError(page, '密码不可以为空！')).toBeVisible();
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);

    // Nothing at all: every field's message, and '请输入用户名！' on submit.
    await page.getByLabel('用户名', { exact: true }).fill('');
    await captchaInput(page).fill('');
    await loginButton(page).click();
    await expect(fieldError(page, '用户名不为可空！')).toBeVisible();
    await expect(fieldError(page, '密码不可以为空！')).toBeVisible();
    await expect(fieldError(page, '验证码不可为空！')).toBeVisible();
    await expect(toast(page, '请输入用户名！')).toBeVisible();

    // A short password, and no captcha on submit.
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await passwordInput(page).pressSequentially('abc12');
    await expect(fieldError(page, '请输入至少6位的密码！')).toBeVisible();
    await loginButton(page).click();
    await expect(toast(page, '请输入图形验证码！')).toBeVisible();

    // A captcha of the wrong length.
    await captchaInput(page).fill('ABC');
    await expect(fieldError(page, '请输入5位图形验证码！')).toBeVisible();
    await captchaInput(page).fill('');
    await expect(fieldError(page, '验证码不可为空！')).toBeVisible();

    // The control's own rules: letters and digits mixed, printable ASCII only.
    await passwordInput(page).clear();
    await passwordInput(page).pressSequentially('abcdefg');
    await expect(fieldError(page, '密码必须同时包含字母和数字')).toBeVisible();
    await passwordInput(page).press('End');
    await page.keyboard.insertText('中');
    await expect(fieldError(page, '密码只能包含可打印的ASCII字符')).toBeVisible();
    await expect(passwordInput(page)).toHaveValue('*******');

    expect(calls).toEqual([]);
  });

  test('the password control masks, takes no paste and keeps the password out of the page', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openLogin(page);
    const control = passwordInput(page);
    await expect(control).toHaveAttribute('type', 'password');
    await expect(control).toHaveAttribute('autocomplete', 'off');

    await control.pressSequentially('Secret99');
    await expect(control).toHaveValue('********');
    expect(await page.content()).not.toContain('Secret99');

    await page.evaluate(() => navigator.clipboard.writeText('Pasted123'));
    await control.press('ControlOrMeta+V');
    await control.press('End');
    await control.press('Backspace');
    await control.press('Home');
    await control.press('X');
    await expect(control).toHaveValue('********');
    expect(await page.content()).not.toContain('Pasted123');
  });

  test('edition tabs, the type query, the version link, help, copyright and hotline', async ({ page }) => {
    await openLogin(page, '?type=certificateVersion&redirect=%2Fdiagnostics');
    await expect(page.getByRole('tab', { name: '证书版' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('当前证书状态异常包含但不限于(过期/未下载/冻结),请使用网银助手检查证书状态')).toBeVisible();
    await expect(page.getByLabel('用户名', { exact: true })).toBeDisabled();
    await expect(loginButton(page)).toBeDisabled();

    await page.getByRole('tab', { name: '签约版' }).click();
    await expect(page).toHaveURL(`${APP}/login?type=signedVersion&redirect=%2Fdiagnostics`);
    await expect(page.getByRole('tab', { name: '签约版' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('用户名', { exact: true })).toBeEnabled();
    await expect(page.getByText(/当前证书状态异常/)).toHaveCount(0);
    await expect(page.getByText('Copyright © 华夏银行股份有限公司 版权所有')).toBeVisible();
    await expect(page.getByText('客服热线：95577')).toBeVisible();

    await page.goto(`${APP}/handleLoginSign`);
    await page.getByRole('link', { name: '切换至证书版登录' }).click();
    await expect(page).toHaveURL(`${APP}/handleLoginCert`);
    await expect(page).toHaveTitle(/^Login - 登录/);
    await expect(page.getByLabel('用户名', { exact: true })).toBeDisabled();
    await page.getByRole('link', { name: '切换至签约版登录' }).click();
    await expect(page).toHaveURL(`${APP}/handleLoginSign`);
    await expect(page.getByLabel('用户名', { exact: true })).toBeEnabled();

    await page.getByRole('link', { name: '证书下载说明' }).click();
    await expect(page).toHaveURL(`${APP}/help/securityControl#certificate`);
    await expect(page.getByRole('heading', { name: '安全控件说明' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '证书版用户：下载与使用证书' })).toBeInViewport();
    // What the certificate edition really asks for: an activation code and a PIN, no file.
    await expect(page.getByText('使用激活码下载证书', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/证书文件|保护密码/)).toHaveCount(0);
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL(`${APP}/login`);
  });

  test('a wrong captcha shows the message and a new captcha, which then works', async ({ page }) => {
    await openLogin(page);
    const first = await captchaImage(page).getAttribute('src');
    await fillLogin(page, 'demo', 'Demo1234', 'ZZZZZ');
    await loginButton(page).click();
    await expect(toast(page, '图形验证码错误，请重新输入')).toBeVisible();
    await expect(captchaInput(page)).toHaveValue('');
    await expect(captchaImage(page)).not.toHaveAttribute('src', first ?? '');

    await captchaInput(page).fill(CAPTCHA);
    await captchaInput(page).press('Enter');
    await expect(page).toHaveURL(`${APP}/home`);
  });

  test('clicking the captcha image fetches a new one', async ({ page }) => {
    await openLogin(page);
    const first = await captchaImage(page).getAttribute('src');
    const fetched = page.waitForResponse('**/pmobile/captcha/picture/createCode');
    await page.getByRole('button', { name: '图形验证码，点击刷新' }).click();
    expect((await fetched).status()).toBe(200);
    await expect(captchaImage(page)).not.toHaveAttribute('src', first ?? '');
  });

  test('each captcha fetch sends a fresh rev of its own (spec §7), and the login goes through with the latest', async ({ page }) => {
    const captchaRevs: string[] = [];
    const sessionRevs = new Set<string>();
    page.on('request', (r) => {
      const rev = r.headers().rev;
      if (!rev) return;
      if (r.url().endsWith('/captcha/picture/createCode')) captchaRevs.push(rev);
      else sessionRevs.add(rev);
    });
    await openLogin(page);
    const refetched = page.waitForResponse('**/pmobile/captcha/picture/createCode');
    await page.getByRole('button', { name: '图形验证码，点击刷新' }).click();
    await refetched;
    await expect.poll(() => captchaRevs.length).toBe(2);
    // Each a sealed key like the session's, none of them the session's, no two alike.
    expect(new Set(captchaRevs).size).toBe(2);
    expect(sessionRevs.size).toBe(1);
    for (const rev of captchaRevs) {
      expect(sessionRevs.has(rev)).toBe(false);
      expect(rev.length).toBeGreaterThan(100);
    }
    await fillLogin(page, 'checker', 'Demo1234');
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a captcha fetch failure says 获取图形验证码失败！', async ({ page }) => {
    await page.route('**/pmobile/captcha/picture/createCode', (route) =>
      route.fulfill({ status: 500, json: { returnCode: '050000', returnMsg: '系统繁忙，请稍后再试', data: null } }),
    );
    await page.goto(`${APP}/login`);
    await expect(toast(page, '获取图形验证码失败！')).toBeVisible();
    await expect(page.getByRole('button', { name: '图形验证码，点击刷新' })).toContainText('点击重试');
  });

  test('Enter in the captcha field logs in: token cookie for a day, home, and no password change due', async ({ page, context }) => {
    await openLogin(page);
    await fillLogin(page, 'demo', 'Demo1234');
    const expiryCheck = page.waitForResponse('**/pmobile/customer/user/isExpiredOrFirstLogin');
    await captchaInput(page).press('Enter');
    await expect(page).toHaveURL(`${APP}/home`);
    await expect(page).toHaveTitle(/^首页/);

    const cookie = (await context.cookies()).find((k) => k.name === 'zctg_token');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.path).toBe(APP);
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 120);
    expect(lifetime).toBeLessThanOrEqual(86_400);

    const check = await expiryCheck;
    expect(check.status()).toBe(200);
    expect(await check.json()).toMatchObject({ returnCode: '000000', data: false });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the redirect target is honoured, hostile ones fall back to home', async ({ page }) => {
    await openLogin(page, `?redirect=${encodeURIComponent('/diagnostics?from=login')}`);
    await fillLogin(page, 'demo', 'Demo1234');
    await loginButton(page).click();
    await expect(page).toHaveURL(`${APP}/diagnostics?from=login`);
    // One device key per browser, made at the first login and kept.
    const deviceKey = await storedDeviceKey(page);
    expect(deviceKey).toMatch(/^04[0-9a-f]{128}$/);

    for (const hostile of ['https://example.com/phish', '//example.com/phish', 'javascript:alert(1)']) {
      // With a token the login page leads home (spec §2 guard), so start each attempt signed out.
      await page.context().clearCookies();
      await openLogin(page, `?redirect=${encodeURIComponent(hostile)}`);
      await fillLogin(page, 'demo', 'Demo1234');
      await loginButton(page).click();
      await expect(page, hostile).toHaveURL(`${APP}/home`);
    }
    expect(await storedDeviceKey(page)).toBe(deviceKey);
  });

  test('HTTP 401 on a login route: a 提示 dialog with the server message, and OK reloads', async ({ page }) => {
    await page.route('**/pmobile/captcha/picture/createCode', (route) =>
      route.fulfill({ status: 401, json: { returnCode: '040001', returnMsg: '会话已失效', data: null } }),
    );
    await page.goto(`${APP}/login`);
    const dialog = page.getByRole('dialog', { name: '提示' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('会话已失效', { exact: true })).toBeVisible();
    await expect(toast(page, '获取图形验证码失败！')).toHaveCount(0);

    await page.unroute('**/pmobile/captcha/picture/createCode');
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    await expect(captchaImage(page)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('password changes', () => {
  test('040007: the forced change opens with the username, keeps the spec rules, and the new password logs in', async ({ page }) => {
    await openLogin(page);
    await fillLogin(page, 'newuser', 'Init1234');
    await loginButton(page).click();

    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('首次登录或密码已过期，请修改密码')).toBeVisible();
    await expect(dialog.getByRole('textbox').first()).toHaveValue('newuser');
    await expect(dialog.getByRole('textbox').first()).toBeDisabled();
    // No token was issued, and the spent captcha was replaced.
    expect((await page.context().cookies()).find((k) => k.name === 'zctg_token')).toBeUndefined();
    await expect(captchaInput(page)).toHaveValue('');

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '验证不通过！')).toBeVisible();
    await expect(dialog.getByText('请输入原密码！')).toBeVisible();
    await expect(dialog.getByText('请输入密码', { exact: true })).toBeVisible();
    await expect(dialog.getByText('密码不可以为空！')).toBeVisible();

    const newPassword = dialog.getByLabel('新密码');
    const confirm = dialog.getByLabel('确认密码');
    await newPassword.pressSequentially('Abc1234');
    await expect(dialog.getByText('长度8到12个字符')).toBeVisible();
    await newPassword.clear();
    await newPassword.pressSequentially('abcdefgh');
    await expect(dialog.getByText('密码复杂度不符合要求，必须包含数字和字母')).toBeVisible();
    await newPassword.clear();
    await newPassword.pressSequentially('Newpass123');
    await confirm.pressSequentially('Newpass124');
    await expect(dialog.getByText('两次输入密码不一致!')).toBeVisible();
    await confirm.clear();
    await confirm.pressSequentially('Newpass123');
    await expect(dialog.getByText('两次输入密码不一致!')).toHaveCount(0);

    // Escape and the mask leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('原密码').pressSequentially('Init1234');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '修改密码成功，请用新密码登陆！')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(passwordInput(page)).toHaveValue('');

    await fillLogin(page, 'newuser', 'Newpass123');
    await loginButton(page).click();
    await expect(page).toHaveURL(`${APP}/home`);
  });

  test('the change-password dialog: opens when the password expired, keeps the rules, and Escape or the mask do not close it', async ({ page }) => {
    // The server says true only for a password that expired during the session: stand in for it.
    await page.route('**/pmobile/customer/user/isExpiredOrFirstLogin', (route) =>
      route.fulfill({ status: 200, json: { returnCode: '000000', returnMsg: '成功', data: true } }),
    );
    await openLogin(page);
    await fillLogin(page, 'checker', 'Demo1234');
    await loginButton(page).click();
    await expect(page).toHaveURL(`${APP}/home`);

    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    const confirmButton = dialog.getByRole('button', { name: /确\s*认/ });
    await confirmButton.click();
    await expect(toast(page, '验证不通过！')).toBeVisible();
    await expect(dialog.getByText('请输入原密码！')).toBeVisible();
    await expect(dialog.getByText('请输入新密码！')).toBeVisible();
    await expect(dialog.getByText('请输入确认密码！')).toBeVisible();

    const oldPassword = dialog.getByLabel('原密码');
    const newPassword = dialog.getByLabel('新密码');
    const confirm = dialog.getByLabel('确认密码');
    await newPassword.pressSequentially('Abc123456789');
    await newPassword.press('X');
    await expect(dialog.getByText('长度8到12个字符')).toBeVisible();
    await newPassword.clear();
    await newPassword.pressSequentially('Abcdefgh!');
    await expect(dialog.getByText('密码复杂度不符合要求，必须包含数字和字母')).toBeVisible();
    await newPassword.clear();
    await newPassword.pressSequentially('Ledger2023');
    await confirm.pressSequentially('Ledger202');
    await expect(dialog.getByText('两次输入密码不一致!')).toBeVisible();
    await confirm.press('3');
    await expect(dialog.getByText('两次输入密码不一致!')).toHaveCount(0);

    // A wrong old password: the server's reason, then what did not happen.
    await oldPassword.pressSequentially('Wrong1234');
    await confirmButton.click();
    await expect(toast(page, '原密码错误，还可尝试4次')).toBeVisible();
    await expect(toast(page, '修改密码失败！')).toBeVisible();
    await expect(dialog).toBeVisible();

    await oldPassword.clear();
    await oldPassword.pressSequentially('Demo1234');
    await confirmButton.click();
    await expect(toast(page, '修改密码成功!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('session end', () => {
  test('logout revokes the session: the login page, nothing kept, and the old token gets 401', async ({ page, context, request }) => {
    await openLogin(page);
    await fillLogin(page, 'demo', 'Demo1234');
    await loginButton(page).click();
    await expect(page).toHaveURL(`${APP}/home`);
    const token = (await context.cookies()).find((k) => k.name === 'zctg_token')?.value;
    expect(token).toBeTruthy();
    const api = await apiClient(request);
    expect((await api.post('/customer/user/isExpiredOrFirstLogin', { username: 'demo' }, token)).status).toBe(200);

    await page.getByRole('button', { name: /张晓明/ }).hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(`${APP}/login`);
    await expect(captchaImage(page)).toBeVisible();
    expect((await context.cookies()).find((k) => k.name === 'zctg_token')).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem('zctg.username'))).toBeNull();

    const after = await api.post('/customer/user/isExpiredOrFirstLogin', { username: 'demo' }, token);
    expect(after.status).toBe(401);
    expect(after.returnCode).toBe('040001');
  });

  // Last: it locks 'demo' and has staff unlock it again.
  test('the fifth wrong password locks the user for a while, and staff can unlock earlier', async ({ page, request }) => {
    await openLogin(page);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('用户名', { exact: true }).fill('demo');
      await passwordInput(page).clear();
      await passwordInput(page).pressSequentially('Wrong1234');
      await captchaInput(page).fill(CAPTCHA);
      const answered = page.waitForResponse('**/pmobile/admin/login/token');
      await loginButton(page).click();
      await answered;
      // Each wrong password says how many are left; the lock lasts LOCK_MINUTES (30 by default) and says when it ends.
      const expected = attempt < 5 ? `用户名或密码错误，还可尝试${5 - attempt}次` : /^账户已锁定，请于\d{2}:\d{2}后重试或联系管理员解锁$/;
      await expect(toast(page, expected).last(), `attempt ${attempt}`).toBeVisible();
      await expect(captchaInput(page)).toHaveValue('');
      await expect(captchaImage(page)).toBeVisible();
    }

    // The right password no longer helps.
    await passwordInput(page).clear();
    await passwordInput(page).pressSequentially('Demo1234');
    await captchaInput(page).fill(CAPTCHA);
    const refused = page.waitForResponse('**/pmobile/admin/login/token');
    await loginButton(page).click();
    expect((await (await refused).json()).returnCode).toBe('040014');
    await expect(page).toHaveURL(`${APP}/login`);

    // Staff find and unlock the user.
    const staff = await apiClient(request);
    const token = await staff.login('admin', 'Admin1234');
    const locked = await staff.post('/customer/userUnlock/queryLockUser', {}, token);
    const demo = (locked.data as { userId: number; username: string }[]).find((u) => u.username === 'demo');
    expect(demo).toBeTruthy();
    // Signed over a single-use challenge the server issued to this session, as the web client does.
    const { challenge } = (await staff.post('/customer/signing/challenge', {}, token)).data as { challenge: string };
    const unlock = { userId: demo!.userId, signChallenge: challenge };
    const signMsg = await staff.sign(challengedSigningData('UserUnlock', unlock, challenge));
    expect((await staff.post('/customer/userUnlock/update', { ...unlock, signMsg }, token)).returnCode).toBe('000000');

    await expect(captchaImage(page)).toBeVisible();
    await captchaInput(page).fill(CAPTCHA);
    await loginButton(page).click();
    await expect(page).toHaveURL(`${APP}/home`);
  });
});
