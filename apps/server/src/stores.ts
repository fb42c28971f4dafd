import type { Config } from './config';
import { embeddedDataDir, openDatabase, type Database, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrate';
import { openKvStore, type KvStore } from './kv/open-kv';
import { syncReferenceData } from './reference/sync';

export interface Stores {
  database: Database;
  kv: KvStore;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Embedded database in memory, started from this data-dir dump (tests), instead of DATA_DIR. */
  embeddedTemplate?: Blob;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR/pgdata. */
export function databaseOptions(config: Config, options: StoreOptions = {}): DatabaseOptions {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA };
  if (options.embeddedTemplate) return { loadDataDir: options.embeddedTemplate };
  return { dataDir: embeddedDataDir(config.dataDir) };
}

/** Opens the database (migrating it and syncing its reference data) and the shared store as the configuration says. */
export async function openStores(config: Config, options: StoreOptions = {}): Promise<Stores> {
  const database = await openDatabase(databaseOptions(config, options));
  try {
    await migrate(database);
    await syncReferenceData(database, config);
    const kv = await openKvStore({ ...(config.REDIS_URL ? { url: config.REDIS_URL } : {}), prefix: config.KV_PREFIX });
    return {
      database,
      kv,
      async close() {
        await Promise.allSettled([database.close(), kv.close()]);
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
