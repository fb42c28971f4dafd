import type { AppContext } from '../app-context';

/**
 * A small table nearly every request reads (the business calendar, the cut-offs), kept per
 * instance: read once, dropped on this instance at once when its writer calls `changed` after the
 * commit, and on the others when they hear that on the store's channel. Kept at most
 * SETTINGS_CACHE_MS, so an announcement lost while the store was down costs no more than that;
 * 0 reads afresh every time.
 */
export class SharedSetting<T> {
  readonly #ctx: AppContext;
  readonly #channel: string;
  readonly #load: () => Promise<T>;
  #value: Promise<T> | undefined;
  #loadedAt = 0;
  #generation = 0;
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(ctx: AppContext, channel: string, load: () => Promise<T>) {
    this.#ctx = ctx;
    this.#channel = channel;
    this.#load = load;
  }

  get(): Promise<T> {
    const ttl = this.#ctx.config.SETTINGS_CACHE_MS;
    if (this.#value && performance.now() - this.#loadedAt < ttl) return this.#value;
    const generation = this.#generation;
    const value = this.#load();
    if (ttl > 0) {
      this.#value = value;
      this.#loadedAt = performance.now();
      // A failed read is not kept; neither is one that a change overtook while it ran.
      value.then(
        () => {
          if (generation !== this.#generation && this.#value === value) this.#value = undefined;
        },
        () => {
          if (this.#value === value) this.#value = undefined;
        },
      );
    }
    return value;
  }

  async listen(): Promise<void> {
    if (this.#unsubscribe || this.#ctx.config.SETTINGS_CACHE_MS === 0) return;
    this.#unsubscribe = await this.#ctx.kv.subscribe(this.#channel, () => this.#drop());
  }

  async close(): Promise<void> {
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = undefined;
    this.#drop();
    await unsubscribe?.().catch(() => undefined);
  }

  /** After a committed change: this instance at once, the others when they hear. */
  async changed(): Promise<void> {
    this.#drop();
    await this.#ctx.kv.publish(this.#channel, '1').catch(() => undefined);
  }

  #drop() {
    this.#generation++;
    this.#value = undefined;
  }
}

/** A setting with one copy per app (its context): `perInstance(channel, load)(ctx)`. */
export function perInstance<T>(channel: string, load: (ctx: AppContext) => Promise<T>): (ctx: AppContext) => SharedSetting<T> {
  const copies = new WeakMap<AppContext, SharedSetting<T>>();
  return (ctx) => {
    let copy = copies.get(ctx);
    if (!copy) {
      copy = new SharedSetting(ctx, channel, () => load(ctx));
      copies.set(ctx, copy);
    }
    return copy;
  };
}
