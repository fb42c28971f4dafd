import type { KvStore } from './kv-store';
import { MemoryKvStore } from './memory-kv';

export type { KvStore } from './kv-store';

/** Redis when a URL is configured (several instances), otherwise in process memory. */
export async function openKvStore(options: { url?: string; prefix: string }): Promise<KvStore> {
  if (!options.url) return new MemoryKvStore();
  // ioredis is loaded only where Redis is configured.
  const { RedisKvStore } = await import('./redis-kv');
  const store = new RedisKvStore(options.url, options.prefix);
  await store.connect();
  return store;
}
