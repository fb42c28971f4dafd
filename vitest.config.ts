import { defineConfig } from 'vitest/config';

// One runner for every Node-side suite; browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'crypto', root: 'packages/crypto', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Suites that need a real PostgreSQL/Redis server run only under `npm run test:services`.
          exclude: process.env.DATABASE_URL ? [] : ['test/services/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
