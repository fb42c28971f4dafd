import { expect, test } from './fixtures';

test.describe('the app frame', () => {
  test('a deep link loads the app, every file of it; signed out it leads to login, remembering the way', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    const response = await page.goto('/zctgdzhwy/some/deep/link?x=1');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/zctgdzhwy\/login\?redirect=%2Fsome%2Fdeep%2Flink%3Fx%3D1$/);
    await expect(page).toHaveTitle('Login - 登录');
    await page.waitForLoadState('networkidle');
    // Icons and chunks resolve against the app's base, not the deep link's folder.
    expect(failed).toEqual([]);
  });

  test('the site root leads to the app, whose root is home (behind the login)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zctgdzhwy\/login\?redirect=%2Fhome$/);
  });

  test('index.html is never cached and hashed assets are cached for a year', async ({ request }) => {
    const index = await request.get('/zctgdzhwy/home');
    expect(index.headers()['cache-control']).toBe('no-cache');
    const asset = /assets\/[^"]+\.js/.exec(await index.text())?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(`/zctgdzhwy/${asset}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    const missing = await request.get('/zctgdzhwy/assets/missing-abc123.js');
    expect(missing.status()).toBe(404);
  });
});
