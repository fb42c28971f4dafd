import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_API_BASE, DEFAULT_CUSTOMER_PREFIX, DEFAULT_GATEWAY_PREFIX, DEFAULT_PUBLIC_PATH } from '../../packages/shared/src/paths.ts';

const publicPath = process.env.PUBLIC_PATH ?? DEFAULT_PUBLIC_PATH;
const apiBase = process.env.API_BASE ?? DEFAULT_API_BASE;
const appId = process.env.APP_ID ?? 'zctgdzhwy';
const customerPrefix = process.env.CUSTOMER_PREFIX ?? DEFAULT_CUSTOMER_PREFIX;
const gatewayPrefix = process.env.GATEWAY_PREFIX ?? DEFAULT_GATEWAY_PREFIX;
const apiTarget = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
/** Spec §9: the plug-in environment's API is at localhost:8888. */
const pluginApiOrigin = process.env.PLUGIN_API_ORIGIN ?? 'http://localhost:8888';

const LOGIN_CSS = path.join(import.meta.dirname, 'src/features/auth/login/login-page.css');

/**
 * The login page's stylesheet goes inline into index.html, where the page's static copy needs it
 * before any script; the React page draws with the same classes (it imports no CSS of its own).
 */
const inlineLoginCss = (): Plugin => ({
  name: 'inline-login-css',
  transformIndexHtml: {
    order: 'pre',
    handler: (html) => html.replace('<!-- login-page.css -->', () => `<style>\n${fs.readFileSync(LOGIN_CSS, 'utf8')}</style>`),
  },
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing: below this, a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Each text file of the build gets its brotli (best quality) and gzip copies beside it, which the
 * server sends as they are (`preCompressed`): smaller than the server's own per-request
 * compression, which must stay fast, and no compression work per request at all.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir!;
    const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
    await Promise.all(
      files.map(async (name) => {
        const file = path.join(dir, name);
        const bytes = await fs.promises.readFile(file);
        if (bytes.length < COMPRESS_FROM_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzip(bytes, { level: 9 }),
        ]);
        await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      }),
    );
  },
});

/**
 * `vite build` is the app the server serves under PUBLIC_PATH; `vite build --mode plugin` is the
 * plug-in build (spec §2, §9): hash routing, relative asset paths, the API at PLUGIN_API_ORIGIN.
 */
export default defineConfig(({ mode }) => {
  const plugin = mode === 'plugin';
  if (plugin && (!URL.canParse(pluginApiOrigin) || new URL(pluginApiOrigin).origin !== pluginApiOrigin)) {
    throw new Error(`PLUGIN_API_ORIGIN: must be an origin such as http://localhost:8888, not ${pluginApiOrigin}`);
  }
  return {
    base: plugin ? './' : `${publicPath}/`,
    // The plug-in build is served by the customer's own web server, with its own compression.
    plugins: [react(), inlineLoginCss(), ...(plugin ? [] : [precompress()])],
    define: {
      'import.meta.env.API_BASE': JSON.stringify(apiBase),
      'import.meta.env.API_ORIGIN': JSON.stringify(plugin ? pluginApiOrigin : ''),
      'import.meta.env.ROUTER_MODE': JSON.stringify(plugin ? 'hash' : 'history'),
      'import.meta.env.APP_ID': JSON.stringify(appId),
      'import.meta.env.CUSTOMER_PREFIX': JSON.stringify(customerPrefix),
      'import.meta.env.GATEWAY_PREFIX': JSON.stringify(gatewayPrefix),
    },
    server: {
      port: 5173,
      proxy: { [apiBase]: { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir: plugin ? 'dist-plugin' : 'dist',
      assetsDir: 'assets',
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
    },
  };
});
