import { test as base } from '@playwright/test';

export { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Every browser test, with what the page itself reported: uncaught errors, console errors and
 * failed requests are printed when a test fails, so a failure seen only in CI can be read from
 * its log (CI keeps no traces or screenshots).
 */
export const test = base.extend<{ pageDiagnostics: void }>({
  pageDiagnostics: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      const started = Date.now();
      const at = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
      page.on('pageerror', (err) => lines.push(`${at()} pageerror: ${err.stack ?? err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') lines.push(`${at()} console.${msg.type()}: ${msg.text()}`);
      });
      page.on('requestfailed', (req) => lines.push(`${at()} requestfailed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
      page.on('response', (res) => {
        if (res.url().includes('/pmobile/')) lines.push(`${at()} ${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        console.log(`--- page diagnostics: ${testInfo.title}\n${lines.join('\n') || '(nothing reported)'}\n--- url: ${page.url()}`);
        const snapshot = await page
          .locator('body')
          .ariaSnapshot({ timeout: 2_000 })
          .catch(() => '(no snapshot)');
        console.log(`--- aria snapshot\n${snapshot}`);
      }
    },
    { auto: true },
  ],
});
