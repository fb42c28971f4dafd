import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../app-context';
import type { User } from '../../db/schema';
import { userNumbersOf, type UserNumberEntry } from '../../platform/user-numbers';
import { personById } from './current-user.queries';

export interface UserProfile {
  user: User;
  seats: UserNumberEntry[];
}

/** Profile changes are announced on this KvStore channel, so every instance drops its copy. */
export const USER_CHANGED_CHANNEL = 'users:changed';

/**
 * A person's profile row and active seats, as `current/user` shows them, kept per instance for
 * SESSION_CACHE_MS: the console asks for them on every page load. A profile update here drops
 * the copy on every instance; a change made elsewhere (seats, enterprises) shows within the TTL,
 * or at once when its writer calls `changed`.
 */
export class UserProfiles {
  readonly #cache: LRUCache<number, UserProfile> | undefined;
  #generation = 0;
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly ctx: AppContext) {
    const ttl = ctx.config.SESSION_CACHE_MS;
    this.#cache = ttl > 0 ? new LRUCache<number, UserProfile>({ max: 10_000, ttl }) : undefined;
  }

  async listen(): Promise<void> {
    if (!this.#cache || this.#unsubscribe) return;
    this.#unsubscribe = await this.ctx.kv.subscribe(USER_CHANGED_CHANNEL, (message) => this.#drop(Number(message)));
  }

  async close(): Promise<void> {
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = undefined;
    this.#cache?.clear();
    await unsubscribe?.().catch(() => undefined);
  }

  async get(userId: number): Promise<UserProfile> {
    const cached = this.#cache?.get(userId);
    if (cached) return cached;
    const generation = this.#generation;
    const [user, seats] = await Promise.all([
      personById(this.ctx.database.db, userId),
      userNumbersOf(this.ctx, userId),
    ]);
    const profile = { user, seats };
    if (generation === this.#generation) this.#cache?.set(userId, profile);
    return profile;
  }

  /** After a write to the person's row or seats: this instance at once, the others when they hear. */
  async changed(userId: number): Promise<void> {
    this.#drop(userId);
    if (!this.#cache) return;
    await this.ctx.kv.publish(USER_CHANGED_CHANNEL, String(userId)).catch(() => undefined);
  }

  #drop(userId: number) {
    this.#generation++;
    this.#cache?.delete(userId);
  }
}
