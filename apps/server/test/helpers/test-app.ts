import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { seedDemoData } from '../../src/seed/seed';
import { openStores, type Stores } from '../../src/stores';

/** The headers every client call carries (spec §7), for a test app on the default config. */
export const API_HEADERS = { appid: 'zctgdzhwy', bl: '1' } as const;

/** The app's clock, moved by tests that judge expiry (sessions, passwords). */
export interface TestClock {
  advance(ms: number): void;
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { stores: Stores; config: Config; clock: TestClock };

/**
 * A whole server on the configured stores: PGlite from the seeded template by default, or
 * (npm run test:services) a schema of its own on DATABASE_URL and a key prefix of its own
 * on REDIS_URL, so test files run in parallel without seeing each other.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** `fresh`: a new, empty database (migrations and reference data only, no demo seed). */
  options: { logStream?: NodeJS.WritableStream; fresh?: boolean } = {},
): Promise<TestApp> {
  const id = randomBytes(6).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `portal-test-${id}`),
    WEB_DIST: path.join(os.tmpdir(), `portal-test-${id}`, 'no-web-build'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: `t_${id}` } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    KV_PREFIX: `test:${id}:`,
    ...env,
  });
  const template = options.fresh ? '' : inject('pgliteTemplate');
  const stores = await openStores(
    config,
    template ? { embeddedTemplate: new Blob([await fs.readFile(template)]) } : {},
  );
  if (stores.database.kind === 'postgres' && !options.fresh && config.NODE_ENV !== 'production') await seedDemoData(stores.database, config);

  let offset = 0;
  const logger = options.logStream ? { level: 'debug', stream: options.logStream } : undefined;
  const app = (await buildApp({ config, ...stores, now: () => Date.now() + offset }, logger ? { logger } : {})) as TestApp;
  app.decorate('stores', stores);
  app.decorate('config', config);
  app.decorate('clock', { advance: (ms: number) => void (offset += ms) });
  app.addHook('onClose', async () => {
    if (stores.database.kind === 'postgres') {
      // After an outage test the pool may still hold a dead connection: the retry gets a new one.
      const drop = () => sql`drop schema if exists ${sql.id(config.DATABASE_SCHEMA)} cascade`.execute(stores.database.db);
      await drop().catch(drop);
    }
    await stores.close();
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });
  return app;
}
