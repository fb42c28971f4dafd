import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { sha256Hex } from '../sha256';
import type { AppContext } from '../app-context';
import {
  countLiveSessions,
  liveSessionHashes,
  revokeEnterpriseSessions,
  revokePersonSessions,
  revokeSeatSessions,
  revokeSession,
  sessionWithSeat,
  startSession,
  touchSession,
} from './sessions.queries';

export interface SessionInfo {
  tokenHash: string;
  userId: number;
  username: string;
  userType: 'customer' | 'staff';
  userNo: string;
  enterpriseNo: string;
  authorities: string[];
  /** A partner system's client (modules/partners), acting for its enterprise with no seat of its own. */
  partnerClientId?: string;
  /** The anonymous event stream of a scan-code login ticket (no session at all): it hears only its ticket's events. */
  scanId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionInfo;
  }
}

const hashToken = sha256Hex;
/** last_seen_at is written at most this often: a busy user must not cost a write per request. */
const TOUCH_EVERY_MS = 30_000;
/** Revocations are announced on this KvStore channel: every instance drops its cached copies and ends the sessions' event streams. */
export const SESSION_REVOKED_CHANNEL = 'sessions:revoked';
const CACHE_MAX = 10_000;

export type Revocation = { tokenHash: string } | { userId: number } | { userNo: string } | { enterpriseNo: string };

interface Cached {
  info: SessionInfo;
  expiresAt: number;
  /** The last activity this instance knows of (the database's, or its own later touch). */
  lastSeenAt: number;
}

/**
 * Opaque 256-bit access tokens (ARCHITECTURE §5): only their SHA-256 is stored. A session ends
 * when revoked, idle longer than SESSION_IDLE_MINUTES, or older than SESSION_ABSOLUTE_HOURS.
 */
export class SessionStore {
  /**
   * Live sessions seen in the last SESSION_CACHE_MS, so an authenticated call costs no query.
   * Every revocation drops the entries here and is announced to the other instances; a change
   * that is not a revocation (a user or seat disabled, roles edited) shows within the TTL.
   */
  readonly #cache: LRUCache<string, Cached> | undefined;
  /** Loads in flight per token hash: a burst of calls with one cold token costs one query. */
  readonly #loading = new Map<string, Promise<Cached | null>>();
  /** Bumped by every eviction, so a load that started before it does not put back what it removed. */
  #generation = 0;
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly ctx: AppContext) {
    const ttl = ctx.config.SESSION_CACHE_MS;
    this.#cache = ttl > 0 ? new LRUCache<string, Cached>({ max: CACHE_MAX, ttl }) : undefined;
  }

  private get idleMs() {
    return this.ctx.config.SESSION_IDLE_MINUTES * 60_000;
  }

  /** Listens for revocations made by other instances (and this one) on the shared store. */
  async listen(): Promise<void> {
    if (!this.#cache || this.#unsubscribe) return;
    this.#unsubscribe = await this.ctx.kv.subscribe(SESSION_REVOKED_CHANNEL, (message) => {
      try {
        this.#evict(JSON.parse(message) as Revocation);
      } catch {
        // Not one of ours: nothing to drop.
      }
    });
  }

  async close(): Promise<void> {
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = undefined;
    this.#cache?.clear();
    await unsubscribe?.().catch(() => undefined);
  }

  /**
   * Starts a session for a user number, ending its earlier ones on the same channel (one active
   * session per user number and channel: a desktop browser and a phone). `deviceKey` signed the
   * login (or was presented with a scan ticket): the session's signed operations must be signed by it.
   */
  async create(input: { userId: number; userNo: string; deviceKey: string; certSerial?: string | null; clientIp: string; userAgent: string; channel?: 'web' | 'mobile' }): Promise<string> {
    const channel = input.channel ?? 'web';
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.now();
    await startSession(this.ctx.database.db, {
      token_hash: hashToken(token),
      user_id: input.userId,
      user_no: input.userNo,
      created_at: new Date(now),
      last_seen_at: new Date(now),
      expires_at: new Date(now + this.ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000),
      client_ip: input.clientIp,
      user_agent: input.userAgent.slice(0, 512),
      device_key: input.deviceKey,
      channel,
      cert_serial: input.certSerial ?? null,
    });
    await this.#revoked({ userNo: input.userNo });
    return token;
  }

  /** The live session behind a token, or null; a hit counts as activity. */
  async resolve(token: string): Promise<SessionInfo | null> {
    return this.resolveHash(hashToken(token));
  }

  /**
   * The same by the token's hash (an event stream ticket names its session so). `touch: false`
   * for what the user did not do: opening an event stream does not keep a session from idling out.
   */
  async resolveHash(tokenHash: string, { touch = true } = {}): Promise<SessionInfo | null> {
    const now = this.ctx.now();
    const cached = this.#cache?.get(tokenHash);
    // Past its idle limit by what this instance knows: another instance may have seen activity since, so ask the database.
    const entry = cached && cached.lastSeenAt + this.idleMs > now ? cached : await this.#load(tokenHash);
    if (!entry || entry.expiresAt <= now || entry.lastSeenAt + this.idleMs <= now) return null;
    if (touch && now - entry.lastSeenAt > TOUCH_EVERY_MS) {
      entry.lastSeenAt = now;
      await touchSession(this.ctx.database.db, tokenHash, new Date(now));
    }
    return entry.info;
  }

  /** How many sessions are live now, across every instance (for the operator's metrics). */
  async liveCount(): Promise<number> {
    const now = this.ctx.now();
    return countLiveSessions(this.ctx.database.db, new Date(now), new Date(now - this.idleMs));
  }

  /**
   * Which of these sessions are still live, read from the database (not this instance's copies)
   * without counting as activity: event streams end with their session, however it ended.
   */
  async liveAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
    const now = this.ctx.now();
    return liveSessionHashes(this.ctx.database.db, tokenHashes, new Date(now), new Date(now - this.idleMs));
  }

  #load(tokenHash: string): Promise<Cached | null> {
    let loading = this.#loading.get(tokenHash);
    if (!loading) {
      const generation = this.#generation;
      loading = this.#query(tokenHash)
        .then((entry) => {
          if (entry && this.#cache && generation === this.#generation) this.#cache.set(tokenHash, entry);
          return entry;
        })
        .finally(() => this.#loading.delete(tokenHash));
      this.#loading.set(tokenHash, loading);
    }
    return loading;
  }

  async #query(tokenHash: string): Promise<Cached | null> {
    const row = await sessionWithSeat(this.ctx.database.db, tokenHash);
    if (!row || row.revoked_at || !row.user_no || row.user_status !== 1 || row.seat_status !== 1 || row.enterprise_status !== 1) return null;
    return {
      expiresAt: row.expires_at.getTime(),
      lastSeenAt: row.last_seen_at.getTime(),
      info: {
        tokenHash: row.token_hash,
        userId: row.user_id,
        username: row.username,
        userType: row.user_type,
        userNo: row.user_no,
        enterpriseNo: row.enterprise_no,
        authorities: row.authorities ?? [],
      },
    };
  }

  async revoke(tokenHash: string): Promise<void> {
    await revokeSession(this.ctx.database.db, tokenHash, new Date(this.ctx.now()));
    await this.#revoked({ tokenHash });
  }

  /**
   * Ends every session of a person, on every user number (after a password change or reset);
   * `except` (a token hash) spares the session that made the change.
   */
  async revokeUser(userId: number, options: { except?: string } = {}): Promise<void> {
    await revokePersonSessions(this.ctx.database.db, userId, new Date(this.ctx.now()), options.except);
    // The spared session is evicted too: it reloads, still valid, on its next call.
    await this.#revoked({ userId });
  }

  /** Ends the sessions of one user number (a seat staff removed or whose roles they changed). */
  async revokeUserNo(userNo: string): Promise<void> {
    await revokeSeatSessions(this.ctx.database.db, userNo, new Date(this.ctx.now()));
    await this.#revoked({ userNo });
  }

  /** Ends every session on the seats of one enterprise (staff disabled it). */
  async revokeEnterprise(enterpriseNo: string): Promise<void> {
    await revokeEnterpriseSessions(this.ctx.database.db, enterpriseNo, new Date(this.ctx.now()));
    await this.#revoked({ enterpriseNo });
  }

  /**
   * After the database says revoked: drop this instance's copies at once, then tell every
   * instance (their caches, and the event streams of the sessions that ended). The announcement
   * is best effort (at most once); an instance that misses it serves its copy for at most
   * SESSION_CACHE_MS, and ends the streams at its next liveness check.
   */
  async #revoked(revocation: Revocation): Promise<void> {
    this.#evict(revocation);
    await this.ctx.kv.publish(SESSION_REVOKED_CHANNEL, JSON.stringify(revocation)).catch(() => undefined);
  }

  #evict(revocation: Revocation) {
    this.#generation++;
    const cache = this.#cache;
    if (!cache) return;
    if ('tokenHash' in revocation) {
      cache.delete(revocation.tokenHash);
      return;
    }
    const matches = (info: SessionInfo) =>
      'userId' in revocation
        ? info.userId === revocation.userId
        : 'enterpriseNo' in revocation
          ? info.enterpriseNo === revocation.enterpriseNo
          : info.userNo === revocation.userNo;
    for (const [key, entry] of cache.entries()) if (matches(entry.info)) cache.delete(key);
  }
}
