import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../sha256';
import type { KvStore } from './kv-store';

/**
 * Single-use secrets handed to a client (the forced change's ticket, a stream ticket, a scan-code
 * ticket and its one-time code): 32 random bytes, kept in the shared store (so any instance can
 * serve them) only under their SHA-256 — the ticket's `id` — for a lifetime, and taken atomically
 * so exactly one caller gets the value.
 */
export class OneTimeTickets<T> {
  constructor(
    private readonly kv: KvStore,
    /** The store's key prefix; a ticket's key is `<prefix>:<id>`. */
    private readonly prefix: string,
  ) {}

  static idOf(ticket: string): string {
    return sha256Hex(ticket);
  }

  #key(ticket: string) {
    return `${this.prefix}:${OneTimeTickets.idOf(ticket)}`;
  }

  /** A new ticket standing for `value` for `ttlMs`. */
  async issue(value: T, ttlMs: number): Promise<{ ticket: string; id: string }> {
    const ticket = randomBytes(32).toString('base64url');
    await this.put(ticket, value, ttlMs);
    return { ticket, id: OneTimeTickets.idOf(ticket) };
  }

  /** Stores `value` under an existing ticket (one put back after it was taken). */
  async put(ticket: string, value: T, ttlMs: number): Promise<void> {
    await this.kv.set(this.#key(ticket), JSON.stringify(value), ttlMs);
  }

  /** The value while the ticket lives, without spending it. */
  async peek(ticket: string): Promise<T | null> {
    const raw = await this.kv.get(this.#key(ticket));
    return raw === null ? null : (JSON.parse(raw) as T);
  }

  /** The value, once: null when unknown, spent or expired. */
  async take(ticket: string): Promise<T | null> {
    const raw = await this.kv.take(this.#key(ticket));
    return raw === null ? null : (JSON.parse(raw) as T);
  }
}
