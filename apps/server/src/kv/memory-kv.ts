import { compareJournalIds, type JournalEntry, type KvStore } from './kv-store';

interface Entry {
  value: string;
  expiresAt: number;
}

interface Journal {
  entries: (JournalEntry & { at: number })[];
  /** The last id's parts: ids keep increasing even if the clock steps back. */
  lastAt: number;
  lastN: number;
  keepMs: number;
}

/** The embedded default: one process, so a Map is the whole truth. */
export class MemoryKvStore implements KvStore {
  readonly kind = 'memory';
  #entries = new Map<string, Entry>();
  #sweeper: NodeJS.Timeout;
  #channels = new Map<string, Set<(message: string) => void>>();
  #journals = new Map<string, Journal>();

  constructor(private readonly now: () => number = Date.now) {
    // Expired entries are dropped on read; the sweep bounds memory for keys never read again.
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  async get(key: string) {
    return this.#live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.#entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.#live(key)) return false;
    this.#entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async take(key: string) {
    const entry = this.#live(key);
    this.#entries.delete(key);
    return entry?.value ?? null;
  }

  async getMany(keys: readonly string[]) {
    return keys.map((key) => this.#live(key)?.value ?? null);
  }

  async increment(key: string, ttlMs: number, by = 1) {
    const entry = this.#live(key);
    const count = (entry ? Number(entry.value) : 0) + by;
    this.#entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.now() + ttlMs });
    return count;
  }

  async delete(key: string) {
    this.#entries.delete(key);
  }

  // One process is the whole audience: instances of this class do not hear each other.
  async publish(channel: string, message: string) {
    // Delivered asynchronously, as from Redis, so a publisher never runs handlers inside its own call.
    const handlers = [...(this.#channels.get(channel) ?? [])];
    if (handlers.length > 0) queueMicrotask(() => deliver(handlers, message));
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    // Each subscription is its own entry, so subscribing one function twice needs two unsubscribes.
    const entry = (message: string) => handler(message);
    let handlers = this.#channels.get(channel);
    if (!handlers) this.#channels.set(channel, (handlers = new Set()));
    handlers.add(entry);
    return async () => {
      handlers.delete(entry);
      if (handlers.size === 0 && this.#channels.get(channel) === handlers) this.#channels.delete(channel);
    };
  }

  async appendToJournal(name: string, channel: string, message: string, keepMs: number) {
    const now = this.now();
    let journal = this.#journals.get(name);
    if (!journal) this.#journals.set(name, (journal = { entries: [], lastAt: -1, lastN: 0, keepMs }));
    const at = Math.max(now, journal.lastAt);
    journal.lastN = at === journal.lastAt ? journal.lastN + 1 : 0;
    journal.lastAt = at;
    journal.keepMs = keepMs;
    const id = `${at}-${journal.lastN}`;
    const kept = journal.entries.findIndex((e) => e.at >= now - keepMs);
    journal.entries.splice(0, kept === -1 ? journal.entries.length : kept);
    journal.entries.push({ id, message, at });
    // Synchronously queued after any earlier append's, so subscribers hear the journal's order.
    await this.publish(channel, `${id} ${message}`);
    return id;
  }

  async readJournal(name: string, afterId: string | null) {
    const entries = this.#journals.get(name)?.entries ?? [];
    return entries.filter((e) => afterId === null || compareJournalIds(e.id, afterId) > 0).map(({ id, message }) => ({ id, message }));
  }

  async ping() {}

  async close() {
    clearInterval(this.#sweeper);
    this.#entries.clear();
    this.#channels.clear();
    this.#journals.clear();
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #sweep() {
    const now = this.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    for (const [name, journal] of this.#journals) if (journal.lastAt < now - journal.keepMs) this.#journals.delete(name);
  }
}

/** Calls every handler; one that throws does not keep the message from the others. */
export function deliver(handlers: Iterable<(message: string) => void>, message: string) {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (err) {
      process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'KvSubscriberError');
    }
  }
}
