// Throughput of @portal/crypto: the Node implementation, then the browser implementation in
// headless Chromium. Prints one JSON object. Usage: npx tsx bench/crypto.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { runSuite, type Rate } from '../packages/crypto/bench/suite';
import { portalCrypto } from '../packages/crypto/src/node';

const BUDGET_MS = 500;
const CHROMIUM = '/usr/bin/chromium';
// WebCrypto needs a secure context; a routed https origin is one without any server.
const ORIGIN = 'https://crypto-bench.test/';
const suiteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'crypto', 'bench');

type PageWithSuite = { runBrowserSuite(budgetMs: number): Promise<Record<string, Rate>> };

async function inChromium() {
  const { outputFiles } = await build({
    stdin: {
      contents: `import { portalCrypto } from '../src/browser';
import { runSuite } from './suite';
(globalThis as any).runBrowserSuite = (budgetMs: number) => runSuite(portalCrypto, budgetMs);`,
      resolveDir: suiteDir,
      loader: 'ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.route(ORIGIN, (route) => route.fulfill({ contentType: 'text/html', body: '<html></html>' }));
    await page.goto(ORIGIN);
    await page.addScriptTag({ content: outputFiles[0]!.text });
    const results = await page.evaluate((ms) => (globalThis as unknown as PageWithSuite).runBrowserSuite(ms), BUDGET_MS);
    return { runtime: `Chromium ${browser.version()}`, implementation: 'WebCrypto + sm-crypto-v2', results };
  } finally {
    await browser.close();
  }
}

const nodeResults = {
  runtime: `Node ${process.version}, OpenSSL ${process.versions.openssl}`,
  implementation: 'node:crypto + sm-crypto-v2 (SM2 signatures, SM2 encryption point arithmetic)',
  results: await runSuite(portalCrypto, BUDGET_MS),
};
console.log(JSON.stringify({ budgetMsPerPrimitive: BUDGET_MS, node: nodeResults, chromium: await inChromium() }, null, 2));
