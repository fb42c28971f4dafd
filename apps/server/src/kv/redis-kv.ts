import { Redis } from 'ioredis';
import type { KvStore } from './kv-store';

/** Shared state for several instances. Each method is one atomic Redis command or MULTI. */
export class RedisKvStore implements KvStore {
  readonly kind = 'redis';
  readonly #redis: Redis;

  constructor(url: string, private readonly prefix: string) {
    this.#redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectTimeout: 5_000,
      // Fail fast while Redis is away rather than queueing requests without bound.
      enableOfflineQueue: false,
    });
    // Reconnection is automatic; errors surface on the commands that fail.
    this.#redis.on('error', () => undefined);
  }

  async connect() {
    await this.#redis.connect();
  }

  async get(key: string) {
    return this.#redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.#redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.#redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async take(key: string) {
    return this.#redis.getdel(this.prefix + key);
  }

  async increment(key: string, ttlMs: number) {
    const k = this.prefix + key;
    // SET NX starts the window only for the first increment; both run as one transaction.
    const results = await this.#redis.multi().set(k, '0', 'PX', ttlMs, 'NX').incr(k).exec();
    const [, incr] = results ?? [];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('redis increment failed');
    return Number(incr[1]);
  }

  async delete(key: string) {
    await this.#redis.del(this.prefix + key);
  }

  async ping() {
    await this.#redis.ping();
  }

  async close() {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
