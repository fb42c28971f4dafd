/**
 * Short-lived shared state (captchas, randoms, counters, nonces, session keys).
 * Every operation is atomic on its own, so a one-time value taken by one instance
 * cannot be taken again by another.
 */
export interface KvStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Several values at once (null where absent), in the order of the keys. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /** Sets the value, replacing any, expiring after ttlMs. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it (nonces, locks). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Get-and-delete: the value is returned to exactly one caller. */
  take(key: string): Promise<string | null>;
  /** Adds `by` (one); the first increment starts a window of ttlMs after which the count is gone. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
  delete(key: string): Promise<void>;
  /**
   * Sends a message to every current subscriber of the channel, on every instance sharing the
   * store (Redis) or in this process (memory). Fire-and-forget: at most once, no history, so a
   * subscriber that is disconnected at the time misses it.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls handler with each message later published on the channel; resolves once listening and
   * returns the unsubscribe. A handler that throws does not stop the others.
   */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
