// Throughput of @portal/crypto: the Node implementation, then the browser implementation in
// headless Chromium. Prints one JSON object. Usage: npx tsx bench/crypto.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { runSuite, type Rate } from '../packages/crypto/bench/suite';
import { portalCrypto } from '../packages/crypto/src/node';
import { createNodeCrypto } from '../packages/crypto/src/node-crypto';
import { engineChoice, sm4GcmEngineWorks, sm4GcmEngines } from '../packages/crypto/src/node-engines';
import { sm4GcmDecryptJs, sm4GcmEncryptJs } from '../packages/crypto/src/sm4-js';

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

/** µs per call of `op` over about BUDGET_MS, after a warm-up. */
async function micros(op: () => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await op();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS) {
    await op();
    calls++;
  }
  return Math.round(((performance.now() - start) * 1000 * 10) / calls) / 10;
}

/**
 * SM4-GCM seal and open of a 1 KB message (the envelope's unit) per engine this Node can run:
 * OpenSSL's own SM4-GCM where the binary has it (Node 26), OpenSSL SM4 with the project's GHASH,
 * and sm-crypto-v2 (the browser's engine) for scale. `inUse` is the feature test's choice.
 */
async function sm4GcmEngineMicros() {
  const data = portalCrypto.randomBytes(1024);
  const aad = portalCrypto.utf8Encode('POST /pmobile/customer/account/queryAccountInfo');
  const key = portalCrypto.generateSessionKey('SM4');
  const engines: Record<string, { sealMicros: number; openMicros: number } | 'unavailable'> = {};
  for (const name of Object.keys(sm4GcmEngines) as (keyof typeof sm4GcmEngines)[]) {
    if (!sm4GcmEngineWorks(sm4GcmEngines[name])) {
      engines[name] = 'unavailable';
      continue;
    }
    const api = createNodeCrypto({ ...engineChoice, sm4Gcm: name });
    const sealed = await api.seal('SM4', key, data, aad);
    engines[name] = { sealMicros: await micros(() => api.seal('SM4', key, data, aad)), openMicros: await micros(() => api.open('SM4', key, sealed, aad)) };
  }
  const iv = portalCrypto.randomBytes(12);
  const js = sm4GcmEncryptJs(key, iv, data, aad);
  engines['sm-crypto-v2'] = {
    sealMicros: await micros(() => sm4GcmEncryptJs(key, iv, data, aad)),
    openMicros: await micros(() => sm4GcmDecryptJs(key, iv, js.ciphertext, js.tag, aad)),
  };
  return { messageBytes: 1024, inUse: engineChoice.sm4Gcm, engines };
}

const nodeResults = {
  runtime: `Node ${process.version}, OpenSSL ${process.versions.openssl}`,
  implementation: 'node:crypto + sm-crypto-v2 (SM2 signatures, SM2 encryption point arithmetic)',
  results: await runSuite(portalCrypto, BUDGET_MS),
  sm4Gcm1KB: await sm4GcmEngineMicros(),
};
console.log(JSON.stringify({ budgetMsPerPrimitive: BUDGET_MS, node: nodeResults, chromium: await inChromium() }, null, 2));
