import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** The login forms the benchmark builds from bench/peers/<name>/ (index.html + main.tsx). */
export type PeerName = 'antd-login' | 'react-login';

/**
 * ant-design-pro's login page as published: 661 KB of JavaScript (gzip) on first load of its
 * preview site's /user/login, as reported in issue 27. The machine cannot reach that site, so the
 * figure stays a constant that carries its source.
 */
export const ANT_DESIGN_PRO_LOGIN = {
  jsGzipBytes: 661 * 1024,
  source: 'issue 27: ant-design-pro preview site (https://preview.pro.ant.design/user/login), JavaScript on first load, gzip',
} as const;

/**
 * Builds a peer with the repo's own Vite, React plug-in and antd into a fresh folder and serves it
 * as the portal serves its app; `stop` also removes the build.
 */
export async function servePeer(name: PeerName, port: number) {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  // Vite logs info through console.log: warnings and errors only, so stdout stays the benchmark's JSON.
  await build({ root: path.join(import.meta.dirname, '../peers', name), configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1500 } });
  const server = await startStaticServer(outDir, port);
  return {
    origin: server.origin,
    async stop() {
      await server.stop();
      await fs.rm(outDir, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * Serves a built peer as the portal serves its app: @fastify/compress's choices (brotli at quality
 * 4 in text mode, else gzip, for bodies of 1 KB and more), compressed on each request.
 */
async function startStaticServer(dir: string, port: number) {
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    // URL parsing has already resolved any '..', so the path stays inside `dir`.
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers: Record<string, string> = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', vary: 'accept-encoding' };
    if (body.length >= 1024 && /\bbr\b/.test(accepts)) {
      body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      headers['content-encoding'] = 'br';
    } else if (body.length >= 1024 && /\bgzip\b/.test(accepts)) {
      body = zlib.gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Bytes of `url`'s body as sent with `encoding` (no decoding): what a client asking for it receives. */
export function encodedSize(url: string, encoding: 'gzip' | 'br') {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
