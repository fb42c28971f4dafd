import { defineConfig } from '@playwright/test';
import base, { E2E_PORT } from './playwright.config';

/**
 * The specs of development-only screens (the component gallery, which a production build leaves
 * out): the same server as the main suite, the web app from Vite's dev server in front of it.
 */
const DEV_PORT = E2E_PORT + 1000;

export default defineConfig({
  ...base,
  testMatch: ['components.spec.ts'],
  testIgnore: [],
  use: { ...base.use, baseURL: `http://127.0.0.1:${DEV_PORT}` },
  webServer: [
    ...[base.webServer!].flat(),
    {
      command: `npx vite --host 127.0.0.1 --port ${DEV_PORT} --strictPort`,
      cwd: '../apps/web',
      url: `http://127.0.0.1:${DEV_PORT}/zctgdzhwy/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { API_TARGET: `http://127.0.0.1:${E2E_PORT}` },
    },
  ],
});
