import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { CERT_HOST, E2E_PORT, PLUGIN_API_ORIGIN, PLUGIN_PAGE_ORIGIN } from '../playwright.config';
import { expect, test } from './fixtures';
import { APP, CAPTCHA, captchaImage, captchaInput, loginButton, passwordInput } from './login-page';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
const PLUGIN_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist-plugin');
const certUsername = (page: import('./fixtures').Page) => page.getByLabel('用户名', { exact: true });

test.describe('the login edition by host (spec §6)', () => {
  test('a host mapped to the certificate edition opens it on /login; other hosts keep the signed one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`http://${CERT_HOST}:${E2E_PORT}${APP}/login`);
    // The page asks the server first (a spinner meanwhile), on a loaded machine for a while.
    await expect(page.getByRole('tab', { name: '证书版', selected: true })).toBeVisible({ timeout: 15_000 });
    await expect(certUsername(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: '使用激活码下载证书' })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'edition-cert-host-login.png') });
    // The customer may still switch: the type query then says which.
    await page.getByRole('tab', { name: '签约版' }).click();
    await expect(page).toHaveURL(/\/login\?type=signedVersion$/);
    await expect(certUsername(page)).toBeEnabled();

    await page.goto(`${APP}/login`);
    await expect(page.getByRole('tab', { name: '签约版', selected: true })).toBeVisible();
    await expect(certUsername(page)).toBeEnabled();
  });

  test('/handleLoginCert and /handleLoginSign at the server root lead into the app', async ({ page }) => {
    await page.goto('/handleLoginCert?userNo=U1');
    await expect(page).toHaveURL(`${APP}/handleLoginCert?userNo=U1`);
    await expect(certUsername(page)).toBeDisabled();
    await page.goto(`http://${CERT_HOST}:${E2E_PORT}/handleLoginSign`);
    await expect(page).toHaveURL(`http://${CERT_HOST}:${E2E_PORT}${APP}/handleLoginSign`);
    await expect(certUsername(page)).toBeEnabled();
  });

  test('the help tells certificate users about the activation code and the PIN', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${APP}/help/securityControl`);
      const heading = page.getByRole('heading', { name: '证书版用户：下载与使用证书' });
      await heading.scrollIntoViewIfNeeded();
      await expect(page.getByText('激活码15分钟内有效')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `edition-certificate-help-${width}.png`), fullPage: true });
    }
  });
});

/** Serves the plug-in build as a local helper would, from an origin of its own. */
function servePluginPages(port: number) {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  return http.createServer((req, res) => {
    const file = path.join(PLUGIN_DIST, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = file.startsWith(PLUGIN_DIST) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(PLUGIN_DIST, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  }).listen(port, '127.0.0.1');
}

/** The plug-in's API address (localhost:8888) relayed byte for byte to the test server. */
function relayApi(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net
    .createServer((client) => {
      const upstream = net.connect(E2E_PORT, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => [client, upstream].forEach((s) => s.destroy()));
      }
      client.pipe(upstream).pipe(client);
    })
    .listen(port, '127.0.0.1');
  return { close: () => new Promise((resolve) => { sockets.forEach((s) => s.destroy()); server.close(resolve); }) };
}

test.describe('the plug-in build (spec §2, §9)', () => {
  let pages: http.Server;
  let relay: ReturnType<typeof relayApi>;
  test.beforeAll(() => {
    expect(fs.existsSync(path.join(PLUGIN_DIST, 'index.html')), 'run `npm run build:plugin` first').toBe(true);
    pages = servePluginPages(Number(new URL(PLUGIN_PAGE_ORIGIN).port));
    relay = relayApi(Number(new URL(PLUGIN_API_ORIGIN).port));
  });
  test.afterAll(async () => {
    pages.closeAllConnections();
    await Promise.all([new Promise((r) => pages.close(r)), relay.close()]);
  });

  test('logs in from another origin against the API at its own address, with hash routes', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/pmobile/')) apiCalls.push(new URL(req.url()).origin);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${PLUGIN_PAGE_ORIGIN}/`);
    await expect(page).toHaveURL(new RegExp(`^${PLUGIN_PAGE_ORIGIN}/#/login`));
    // A first visit: every chunk comes uncompressed from the little page server.
    await expect(captchaImage(page)).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await passwordInput(page).pressSequentially('Demo1234');
    await captchaInput(page).fill(CAPTCHA);
    await loginButton(page).click();
    await expect(page).toHaveURL(`${PLUGIN_PAGE_ORIGIN}/#/home`, { timeout: 15_000 });
    // The home cards' counts come through the API too.
    await expect(page.locator('[data-view="/home"] [data-field="notAddedAccountCount"]')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, 'edition-plugin-home.png') });
    expect(new Set(apiCalls)).toEqual(new Set([PLUGIN_API_ORIGIN]));

    // Logging out reloads the page at the login route, a hash route too.
    await page.getByRole('button', { name: /张晓明/ }).hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(`${PLUGIN_PAGE_ORIGIN}/#/login`);
    await expect(captchaImage(page)).toBeVisible({ timeout: 15_000 });
  });
});
