import { chromium } from 'playwright-core';
import { startPortalServer } from './lib/server-process';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** First load of the login route in Chromium: bytes on the wire (compressed) by kind, requests, chunk names. */
export async function pageWeight(route = '/zctgdzhwy/login') {
  const server = await startPortalServer(8293);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const entries: { url: string; type: string; encoding: string; transferred: number }[] = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      entries.push({
        url: new URL(request.url()).pathname,
        type: request.resourceType(),
        encoding: response.headers()['content-encoding'] ?? 'identity',
        transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    });
    await page.goto(server.origin + route, { waitUntil: 'networkidle' });
    const sum = (type: string) => entries.filter((e) => e.type === type).reduce((n, e) => n + e.transferred, 0);
    const scripts = entries.filter((e) => e.type === 'script');
    return {
      route,
      requests: entries.length,
      jsBytes: sum('script'),
      cssBytes: sum('stylesheet'),
      totalBytes: entries.reduce((n, e) => n + e.transferred, 0),
      encodings: [...new Set(scripts.map((e) => e.encoding))],
      chunks: scripts.map((e) => e.url.split('/').pop()),
      // Issue 5: the login route must load no console code.
      consoleChunks: scripts.map((e) => e.url.split('/').pop() ?? '').filter((n) => /^(console-layout|view-outlet|tab-bar|top-bar|home-page)/.test(n)),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
