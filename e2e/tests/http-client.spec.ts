import { expect, test, type Page } from './fixtures';

const ECHO = '**/pmobile/base/app/echo';

async function openDiagnostics(page: Page) {
  await page.goto('/zctgdzhwy/diagnostics');
  await expect(page.getByRole('heading', { name: '连接诊断' }).or(page.getByText('连接诊断').first())).toBeVisible();
}

test.describe('the HTTP client against the real server', () => {
  test('negotiates SM2 + SM4 and carries an encrypted echo there and back', async ({ page }) => {
    const wire: { body: string | null; headers: Record<string, string> }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/pmobile/base/app/echo')) wire.push({ body: r.postData(), headers: r.headers() });
    });
    await openDiagnostics(page);
    await expect(page.getByText('SM2 国密非对称算法')).toBeVisible();
    await expect(page.getByText('SM4-GCM 国密对称算法')).toBeVisible();
    const row = (label: string) => page.locator('.ant-descriptions-row', { hasText: label });
    await expect(row('加密通道')).toContainText('正常');
    await expect(row('明文通道')).toContainText('正常');
    await page.screenshot({ path: 'test-results/screens/diagnostics.png', fullPage: true });

    // On the wire: only ciphertext, the spec headers and an anti-replay signature.
    expect(wire).toHaveLength(1);
    const sent = wire[0]!;
    expect(Object.keys(JSON.parse(sent.body ?? '{}'))).toEqual(['request']);
    expect(sent.body).not.toContain('连接诊断');
    expect(sent.headers).toMatchObject({ appid: 'zctgdzhwy', bl: '1' });
    expect(sent.headers.rev).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sent.headers['x-sign']).toBeTruthy();
    expect(sent.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
  });

  test('negotiates again and retries once when the server no longer knows the key', async ({ page }) => {
    let refused = 0;
    await page.route(ECHO, async (route) => {
      if (refused++ === 0) {
        await route.fulfill({ status: 400, json: { returnCode: '020004', returnMsg: '会话密钥无法解密，请刷新页面后重试', data: null } });
      } else {
        await route.continue();
      }
    });
    await openDiagnostics(page);
    await expect(page.locator('.ant-descriptions-row', { hasText: '加密通道' })).toContainText('正常');
    expect(refused).toBe(2);
  });
});

test.describe('spec §8 error behaviour in Chromium', () => {
  test('no response shows 连接服务器失败', async ({ page }) => {
    await page.route(ECHO, (route) => route.abort('connectionrefused'));
    await openDiagnostics(page);
    await expect(page.locator('.ant-message')).toContainText('连接服务器失败');
  });

  test('a server failure shows {path},{message}', async ({ page }) => {
    await page.route(ECHO, (route) =>
      route.fulfill({ status: 500, json: { returnCode: '050000', returnMsg: '系统繁忙，请稍后再试（请求编号：abc）', data: null } }),
    );
    await openDiagnostics(page);
    await expect(page.locator('.ant-message')).toContainText('/base/app/echo,系统繁忙，请稍后再试（请求编号：abc）');
  });

  test('an answer that is not ours shows 服务访问异常', async ({ page }) => {
    await page.route(ECHO, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }));
    await openDiagnostics(page);
    await expect(page.locator('.ant-message')).toContainText('服务访问异常');
  });

  test('any other returnCode rejects and shows the response message', async ({ page }) => {
    await page.route(ECHO, (route) => route.fulfill({ status: 200, json: { returnCode: '030001', returnMsg: '账户已冻结，不能办理该业务', data: null } }));
    await openDiagnostics(page);
    await expect(page.locator('.ant-message')).toContainText('账户已冻结，不能办理该业务');
  });

  test('HTTP 401 outside the login routes clears the token, replaces the route and shows the message for 5 s', async ({ page, context }) => {
    // As the app writes it (lib/http/token.ts): path = the public path.
    await context.addCookies([{ name: 'zctg_token', value: 'expired-token', domain: '127.0.0.1', path: '/zctgdzhwy' }]);
    // Hold the 401 until the page has shown itself, so the assertion below cannot race the redirect.
    let answer401!: () => void;
    const shown = new Promise<void>((resolve) => (answer401 = resolve));
    await page.route(ECHO, async (route) => {
      await shown;
      await route.fulfill({ status: 401, json: { returnCode: '040001', returnMsg: '会话已过期', data: null } });
    });
    await openDiagnostics(page);
    answer401();
    await expect(page).toHaveURL(/\/zctgdzhwy\/login\?redirect=%2Fdiagnostics$/);
    const notice = page.locator('.ant-message').getByText('认证失败，请重新登录！');
    await expect(notice).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'zctg_token')).toBeUndefined();
    // Shown for 5 s: still there 3 s after the test saw it, gone soon after.
    await page.waitForTimeout(3_000);
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 5_000 });
  });
});
