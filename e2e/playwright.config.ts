import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8190);
/** Spec §6: the host whose `/login` opens the certificate edition (Chromium takes *.localhost as this machine). */
export const CERT_HOST = 'cert.localhost';
/** The plug-in build's API origin, as `npm run build:plugin` was given it; the spec relays it to the server. */
export const PLUGIN_API_ORIGIN = process.env.PLUGIN_API_ORIGIN ?? 'http://localhost:8888';
/** Where the plug-in spec serves that build's pages from: the one origin the server lets in. */
export const PLUGIN_PAGE_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1000}`;

/** The local SMTP sink the reports spec starts: the server's 消息中心 e-mail goes there (nothing listens otherwise; mails wait and retry). */
export const SMTP_SINK_PORT = E2E_PORT + 2000;

/** Browser flows in Debian's Chromium against the production build served by the real server. */
export default defineConfig({
  testDir: 'tests',
  // Development-only screens run against Vite's dev server: playwright.dev.config.ts.
  testIgnore: ['components.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    // The app then turns antd's motion off: a click cannot land on an item still sliding into place
    // (under load a press and its release could meet different elements, which is no click).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/pmobile/monitor/system/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not the default SIGKILL: server.mjs stops the server and removes its data.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TEST_CAPTCHA: 'ABCDE',
      // A page's X-Test-Clock header sets the instant its value dates and cut-offs are judged at.
      TEST_CLOCK: '1',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
      // The e-mail outbox is looked at every few seconds (a mail that found no sink waits and is retried).
      JOBS_INTERVAL_MS: '5000',
      ABLE_SCAN: '1',
      LOGIN_EDITION_HOSTS: `${CERT_HOST}=certificate`,
      PLUGIN_ORIGINS: PLUGIN_PAGE_ORIGIN,
      // The suite logs in and fetches captchas far more often than a person would from one
      // address or as one user (the limits themselves are proven by the server tests).
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_USERNAME_LIMIT: '1000',
      CAPTCHA_RATE_LIMIT: '1000',
    },
  },
});
