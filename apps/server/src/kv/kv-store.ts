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
  /**
   * Appends a message to a journal and, in the same atomic step, publishes `<id> <message>` on
   * the channel, so every subscriber hears a journal's entries in journal order. Ids are
   * `<ms>-<n>` (the store's clock, then a counter), strictly increasing across instances.
   * Entries are kept at least keepMs (older ones go at a later append, or with the journal
   * once nothing was appended for keepMs).
   */
  appendToJournal(journal: string, channel: string, message: string, keepMs: number): Promise<string>;
  /** The kept entries after `afterId` (all of them when null), oldest first. */
  readJournal(journal: string, afterId: string | null): Promise<JournalEntry[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shared store could not be reached (connection refused, lost, or still reconnecting): an
 * outage the client should retry after, never a fault of the request (answered 503).
 */
export class KvUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`shared store unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'KvUnavailableError';
  }
}

export interface JournalEntry {
  id: string;
  message: string;
}

/** A journal entry id: milliseconds, a dash, a counter within the millisecond. */
export const JOURNAL_ID = /^\d{1,15}-\d{1,15}$/;

/** Orders two journal ids (negative when a comes first). */
export function compareJournalIds(a: string, b: string): number {
  const [aMs, aN] = a.split('-').map(Number) as [number, number];
  const [bMs, bN] = b.split('-').map(Number) as [number, number];
  return aMs - bMs || aN - bN;
}
