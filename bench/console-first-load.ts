import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, trackResponses } from './page-weight';
import { LOGIN_ENV, fillLogin } from './lib/login';
import { startPortalServer } from './lib/server-process';

const HOME = '/zctgdzhwy/home';

/**
 * Waits until the home page is usable: its reminder counts have arrived and the cards (or the
 * banner alone, when nothing is waiting) are drawn. Answers the page's clock then, in ms since its
 * document's navigation started. No named helpers inside: tsx would add a __name() the page lacks.
 */
async function homeReady(page: Page) {
  const at = await page.waitForFunction(
    () => {
      const state = document.querySelector('[data-view="/home"] [data-home-state]')?.getAttribute('data-home-state');
      return state !== undefined && state !== null && state !== '0' ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return Math.round(Number(await at.jsonValue()));
}

/** JavaScript among `entries` (bytes on the wire, requests, chunk names). */
function scripts(entries: ReturnType<typeof trackResponses>) {
  const js = entries.filter((e) => e.type === 'script');
  return { jsBytes: js.reduce((n, e) => n + e.transferred, 0), jsRequests: js.length, requests: entries.length, chunks: js.map((e) => new URL(e.url).pathname.split('/').pop() ?? '') };
}

/**
 * Issue 27: the console's first load after login. `afterLogin`: from the click on 登录 (the login
 * call, then the reload at /home the page makes) to an interactive home page, with the JavaScript
 * that load fetches while the login page's chunks are cached. `coldHome`: the same home page
 * loaded again with an empty HTTP cache, from navigation to interactive, with all its JavaScript.
 */
export async function consoleFirstLoad() {
  const server = await startPortalServer(8314, LOGIN_ENV);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const submit = await fillLogin(page, server.origin, 'demo', 'Demo1234');
    await page.waitForLoadState('networkidle');
    const afterLoginEntries = trackResponses(page);
    const clicked = performance.now();
    await submit.click();
    await page.waitForURL(/\/home$/);
    const afterLoginNavigationMs = await homeReady(page);
    const afterLogin = { clickToHomeMs: Number((performance.now() - clicked).toFixed(0)), navigationToHomeMs: afterLoginNavigationMs, ...scripts(afterLoginEntries) };
    await page.waitForLoadState('networkidle');
    page.removeAllListeners('requestfinished');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const coldEntries = trackResponses(page);
    await page.goto(server.origin + HOME);
    const coldHome = { navigationToHomeMs: await homeReady(page), ...scripts(coldEntries) };
    return { user: 'demo', afterLogin, coldHome };
  } finally {
    await browser.close();
    await server.stop();
  }
}
