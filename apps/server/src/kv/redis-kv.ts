import { Redis, ReplyError } from 'ioredis';
import { metrics } from '../metrics';
import { KvUnavailableError, type JournalEntry, type KvStore } from './kv-store';
import { deliver } from './memory-kv';

/**
 * A journal is a Redis stream: XADD numbers the entry `<ms>-<n>` by the Redis server's clock
 * (never going back) and trims what is older than keepMs; PUBLISH in the same script, so the
 * order subscribers hear is the journal's. The key goes once nothing was appended for keepMs.
 */
const APPEND_TO_JOURNAL = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local keep = tonumber(ARGV[2])
local id = redis.call('XADD', KEYS[1], 'MINID', tostring(now - keep), '*', 'm', ARGV[1])
redis.call('PEXPIRE', KEYS[1], keep)
redis.call('PUBLISH', ARGV[3], id .. ' ' .. ARGV[1])
return id
`;

/**
 * Every failure but Redis's own answer to a command (a ReplyError, our bug) means Redis cannot
 * be reached now: connection refused or lost, offline while reconnecting, retries spent.
 */
function reachFailure(err: unknown): never {
  throw err instanceof ReplyError ? err : new KvUnavailableError(err);
}

/** Shared state for several instances. Each method is one atomic Redis command or MULTI. */
export class RedisKvStore implements KvStore {
  readonly kind = 'redis';
  readonly #redis: Redis;
  /** A connection in subscriber mode can do nothing else: its own, opened at the first subscribe. */
  #subscriber: Promise<Redis> | undefined;
  #channels = new Map<string, { handlers: Set<(message: string) => void>; ready: Promise<void> }>();

  constructor(url: string, private readonly prefix: string) {
    this.#redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectTimeout: 5_000,
      // Fail fast while Redis is away rather than queueing requests without bound.
      enableOfflineQueue: false,
      // A command written just before the connection dropped would otherwise wait for the
      // reconnection indefinitely: every command is short, so 2 s means Redis is away.
      commandTimeout: 2_000,
    });
    // Reconnection is automatic; errors surface on the commands that fail, and are counted here.
    this.#redis.on('error', () => metrics.kvErrors.inc());
  }

  async connect() {
    await this.#redis.connect();
  }

  async get(key: string) {
    return this.#redis.get(this.prefix + key).catch(reachFailure);
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.#redis.set(this.prefix + key, value, 'PX', ttlMs).catch(reachFailure);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.#redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX').catch(reachFailure)) === 'OK';
  }

  async take(key: string) {
    return this.#redis.getdel(this.prefix + key).catch(reachFailure);
  }

  async getMany(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.#redis.mget(keys.map((k) => this.prefix + k)).catch(reachFailure);
  }

  async increment(key: string, ttlMs: number, by = 1) {
    const k = this.prefix + key;
    // SET NX starts the window only for the first increment; both run as one transaction.
    const results = await this.#redis.multi().set(k, '0', 'PX', ttlMs, 'NX').incrby(k, by).exec().catch(reachFailure);
    const [, incr] = results ?? [];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('redis increment failed');
    return Number(incr[1]);
  }

  async delete(key: string) {
    await this.#redis.del(this.prefix + key).catch(reachFailure);
  }

  async publish(channel: string, message: string) {
    await this.#redis.publish(this.prefix + channel, message).catch(reachFailure);
  }

  async appendToJournal(journal: string, channel: string, message: string, keepMs: number) {
    return (await this.#redis.eval(APPEND_TO_JOURNAL, 1, this.prefix + journal, message, keepMs, this.prefix + channel).catch(reachFailure)) as string;
  }

  async readJournal(journal: string, afterId: string | null): Promise<JournalEntry[]> {
    const entries = await this.#redis.xrange(this.prefix + journal, afterId === null ? '-' : `(${afterId}`, '+').catch(reachFailure);
    return entries.map(([id, fields]) => ({ id, message: fields[1] ?? '' }));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    const subscriber = await this.#openSubscriber().catch(reachFailure);
    const entry = (message: string) => handler(message);
    let topic = this.#channels.get(channel);
    if (!topic) {
      const created = { handlers: new Set<(message: string) => void>(), ready: subscriber.subscribe(this.prefix + channel).then(() => undefined) };
      this.#channels.set(channel, (topic = created));
      created.ready.catch(() => this.#channels.get(channel) === created && this.#channels.delete(channel));
    }
    // Every subscriber of a channel waits until Redis has confirmed it: only then is it listening.
    await topic.ready;
    // The last subscriber left meanwhile and the channel was given up: start again.
    if (this.#channels.get(channel) !== topic) return this.subscribe(channel, handler);
    const { handlers } = topic;
    handlers.add(entry);
    return async () => {
      if (!handlers.delete(entry) || handlers.size > 0 || this.#channels.get(channel) !== topic) return;
      this.#channels.delete(channel);
      await subscriber.unsubscribe(this.prefix + channel).catch(() => undefined);
    };
  }

  #openSubscriber(): Promise<Redis> {
    this.#subscriber ??= (async () => {
      // Same server and options; ioredis subscribes again by itself after a reconnection.
      const subscriber = this.#redis.duplicate({ lazyConnect: true });
      subscriber.on('error', () => metrics.kvErrors.inc());
      subscriber.on('message', (fullChannel: string, message: string) => {
        if (!fullChannel.startsWith(this.prefix)) return;
        const topic = this.#channels.get(fullChannel.slice(this.prefix.length));
        if (topic) deliver([...topic.handlers], message);
      });
      try {
        await subscriber.connect();
      } catch (err) {
        this.#subscriber = undefined;
        subscriber.disconnect();
        throw err;
      }
      return subscriber;
    })();
    return this.#subscriber;
  }

  async ping() {
    await this.#redis.ping();
  }

  async close() {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    this.#channels.clear();
    await Promise.all([
      this.#redis.quit().catch(() => this.#redis.disconnect()),
      subscriber?.then((s) => s.quit().catch(() => s.disconnect())).catch(() => undefined),
    ]);
  }
}
