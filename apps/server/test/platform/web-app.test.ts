import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A build as `vite build` leaves it: each text file with its brotli and gzip copies beside it. */
async function builtApp(dir: string) {
  const files = { 'index.html': `<!doctype html><title>登录</title>${'<p>托管</p>'.repeat(200)}`, 'assets/login-abc123.js': `export const a = ${JSON.stringify('x'.repeat(4000))};` };
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, name), text);
    await fs.writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  return files;
}

describe('the web build', () => {
  let app: TestApp;
  let dir: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
    files = await builtApp(dir);
    app = await createTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('sends the build’s own compressed copies, brotli before gzip, and the file itself to a client that takes neither', async () => {
    const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    for (const [url, name] of [['/zctgdzhwy/assets/login-abc123.js', 'assets/login-abc123.js'], ['/zctgdzhwy/login', 'index.html']] as const) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.equals(await fs.readFile(path.join(dir, `${name}.br`))), url).toBe(true);
      expect((await get(url, 'gzip')).headers['content-encoding'], url).toBe('gzip');
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(files[name]);
    }
    const asset = await get('/zctgdzhwy/assets/login-abc123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toContain('accept-encoding');
  });
});
