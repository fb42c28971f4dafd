import fs from 'node:fs';
import path from 'node:path';
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
    plugins: [react(), inlineLoginCss()],
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
