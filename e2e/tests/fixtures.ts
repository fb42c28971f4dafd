import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test as base, type TestInfo } from '@playwright/test';

export { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Where every bearer token the browsers sent during this run is noted, so the last spec can
 * search the audit log for each (the output folder is emptied at the start of every run).
 */
export const issuedTokensFile = (testInfo: TestInfo) => join(testInfo.project.outputDir, 'issued-tokens.txt');

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
      const tokens = new Set<string>();
      page.on('request', (req) => {
        const bearer = req.headers()['authorization']?.match(/^Bearer (.+)$/)?.[1];
        if (bearer) tokens.add(bearer);
      });
      page.on('response', (res) => {
        if (res.url().includes('/pmobile/')) lines.push(`${at()} ${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
      });
      await use();
      if (tokens.size > 0) {
        mkdirSync(dirname(issuedTokensFile(testInfo)), { recursive: true });
        appendFileSync(issuedTokensFile(testInfo), [...tokens].map((t) => `${t}\n`).join(''));
      }
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
