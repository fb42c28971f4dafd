import type { Config } from './config';
import type { Database } from './db/database';
import type { KvStore } from './kv/kv-store';

/** What every module is handed: configuration and the two stores. */
export interface AppContext {
  config: Config;
  database: Database;
  kv: KvStore;
  /** The clock every expiry is judged by (tests move it). */
  now: () => number;
}
