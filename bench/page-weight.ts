import { chromium, type Browser, type Page } from 'playwright-core';
import { ANT_DESIGN_PRO_LOGIN, encodedSize, servePeer } from './lib/peers';
import { startPortalServer } from './lib/server-process';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Issue 27's goal for the login route: at most 150 KB of JavaScript on the wire (brotli). */
const GOAL_JS_BYTES = 150 * 1024;

/** Every response `page` receives from now on: its bytes on the wire (compressed, with headers) and kind. */
export function trackResponses(page: Page) {
  const entries: { url: string; type: string; encoding: string; transferred: number }[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    entries.push({
      url: request.url(),
      type: request.resourceType(),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  });
  return entries;
}

/**
 * A first load of `url` in a fresh page, by kind of response. `ready` names what the page must show
 * first: the login page paints before its scripts run, so the network can go quiet before the form's
 * own chunk is asked for.
 */
async function loadWeight(browser: Browser, url: string, ready?: string) {
  const page = await browser.newPage();
  const entries = trackResponses(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) {
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  await page.close();
  const sum = (list: typeof entries) => list.reduce((n, e) => n + e.transferred, 0);
  const scripts = entries.filter((e) => e.type === 'script');
  // The same scripts asked for with gzip, the encoding ant-design-pro's published weight is in.
  const gzip = await Promise.all(scripts.map((e) => encodedSize(e.url, 'gzip')));
  return {
    requests: entries.length,
    jsBytes: sum(scripts),
    jsGzipBytes: gzip.reduce((n, b) => n + b, 0),
    cssBytes: sum(entries.filter((e) => e.type === 'stylesheet')),
    totalBytes: sum(entries),
    encodings: [...new Set(scripts.map((e) => e.encoding))],
    chunks: scripts.map((e) => new URL(e.url).pathname.split('/').pop() ?? ''),
  };
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/**
 * First load of the login route in Chromium: bytes on the wire (compressed) by kind, requests,
 * chunk names; beside it, in the same run, a minimal antd 6 login form built from bench/peers/
 * and ant-design-pro's published login weight, with ratios (ours over theirs).
 */
export async function pageWeight(route = '/zctgdzhwy/login') {
  const peer = await servePeer('antd-login', 8315);
  const server = await startPortalServer(8293).catch(async (error: unknown) => {
    await peer.stop();
    throw error;
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { chunks, ...ours } = await loadWeight(browser, server.origin + route, 'img[alt="图形验证码"]');
    const antd = await loadWeight(browser, peer.origin + '/');
    return {
      route,
      ...ours,
      chunks,
      // Issue 5: the login route must load no console code.
      consoleChunks: chunks.filter((n) => /^(console-layout|view-outlet|tab-bar|top-bar|home-page)/.test(n)),
      goal: { jsBytes: GOAL_JS_BYTES },
      peers: {
        antdLogin: { requests: antd.requests, jsBytes: antd.jsBytes, jsGzipBytes: antd.jsGzipBytes, chunks: antd.chunks },
        antDesignPro: ANT_DESIGN_PRO_LOGIN,
      },
      ratios: {
        jsBytesToGoal: ratio(ours.jsBytes, GOAL_JS_BYTES),
        jsBytesToAntdLogin: ratio(ours.jsBytes, antd.jsBytes),
        jsGzipBytesToAntdLogin: ratio(ours.jsGzipBytes, antd.jsGzipBytes),
        jsGzipBytesToAntDesignPro: ratio(ours.jsGzipBytes, ANT_DESIGN_PRO_LOGIN.jsGzipBytes),
      },
    };
  } finally {
    await browser.close();
    await peer.stop();
    await server.stop();
  }
}
