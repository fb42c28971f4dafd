import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './page-weight';
import { LOGIN_ENV, loginAs } from './lib/login';
import { startPortalServer } from './lib/server-process';

const SWITCHES = 20;

/**
 * Issue 5: from a logged-in console with two visited tabs, how long a tab switch takes to render
 * (click to the second animation frame, Performance API in the page), and which chunks a menu page
 * loads the first time it is opened.
 */
export async function tabSwitchBench() {
  const server = await startPortalServer(8297, LOGIN_ENV);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await loginAs(page, server.origin, 'demo', 'Demo1234');
    await page.locator('[data-view="/home"]').waitFor();

    const loaded: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') loaded.push(new URL(r.url()).pathname.split('/').pop() ?? '');
    });
    await page.locator('.ant-layout-sider').getByText('系统管理').click();
    await page.locator('.ant-layout-sider').getByText('个人中心').click();
    await page.locator('[data-view="/system/personalCenter/index"]').getByLabel('昵称').waitFor();
    const chunksForNewPage = [...loaded];

    // No named helpers inside: tsx would wrap them with a __name() the page does not have.
    const timings = await page.evaluate(async (switches) => {
      const tabs = [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')];
      const out: number[] = [];
      for (let i = 0; i < switches; i++) {
        const started = performance.now();
        tabs[i % 2]?.querySelector<HTMLElement>('.ant-tabs-tab-btn')?.click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        out.push(performance.now() - started);
      }
      return out;
    }, SWITCHES);
    const sorted = [...timings].sort((a, b) => a - b);
    const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
    return { switches: SWITCHES, medianMs: at(0.5), p90Ms: at(0.9), maxMs: at(1), chunksForNewPage };
  } finally {
    await browser.close();
    await server.stop();
  }
}
