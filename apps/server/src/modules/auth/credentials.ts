import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { RETURN_CODES } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB, User } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import {
  clearLocksSince,
  counterWrites,
  earlierPasswordHashes,
  knownDevice,
  lockedAt,
  locksSince,
  userByName,
  writePassword,
} from './credentials.queries';
import { hashPassword, verifyPassword } from './password-hash';

/** A lock in force; `until` null means until staff unlock (LOCK_MINUTES = 0). */
export interface Lock {
  until: Date | null;
}

/**
 * What a password check under lockout came to. `lock` is set when the counter is (now) locked;
 * `held` when it was locked already, so the password was not even compared. Without a lock,
 * `remaining` is how many more wrong passwords the counter takes before it locks.
 */
export type PasswordCheck = { ok: true } | { ok: false; lock: Lock; held?: true } | { ok: false; lock: null; remaining: number; held?: never };

/** Counters of names that are no user live this long without a new failure (a user's never expire). */
const NAME_COUNTER_TTL_MS = 90 * 86_400_000;
/** With LOCK_MINUTES = 0 a name that is no user stays locked this long (no staff can unlock it). */
const NAME_LOCK_FOREVER_MS = 365 * 86_400_000;

const nameKey = (kind: 'fails' | 'lock', username: string) =>
  `lockout:name-${kind}:${createHash('sha256').update(username).digest('hex')}`;

const clock = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The 040014 message: when the lock ends (China time), or the catalogue's words for a lock until unlock. */
export function lockMessage(lock: Lock, now: number): string {
  if (!lock.until) return RETURN_CODES.ACCOUNT_LOCKED.message;
  const at = lock.until.getTime() - now < 86_400_000 ? clock.format(lock.until) : `${day.format(lock.until).replaceAll('/', '-')} ${clock.format(lock.until)}`;
  return `账户已锁定，请于${at}后重试或联系管理员解锁`;
}

/** A wrong password's message with the attempts left before the lock: the catalogue's words first. */
export const attemptsLeftMessage = (base: string, remaining: number) => `${base}，还可尝试${remaining}次`;

/**
 * Users' passwords and their lockout (ASVS 2.2.1). MAX_LOGIN_FAILURES consecutive wrong passwords
 * lock for LOCK_MINUTES (0: until staff unlock); a right one resets the count. Three kinds of
 * counter, so that a stranger can lock neither the owner's own browser nor learn which names exist:
 * - a device key the user has logged in with before has its own (login_devices);
 * - every other attempt on a user counts on the user (users);
 * - a name that is no active user counts in the KvStore, and answers exactly like a user.
 * A locked or unknown name still costs one password hash, so timing tells nothing either.
 */
export class Credentials {
  #nobody: Promise<string> | undefined;

  constructor(private readonly ctx: AppContext) {}

  findUser(username: string): Promise<User | undefined> {
    return userByName(this.ctx.database.db, username);
  }

  /** Spends the time of one password check against no account. */
  async verifyNobody(password: string): Promise<void> {
    this.#nobody ??= hashPassword('no such user');
    await verifyPassword(password, await this.#nobody);
  }

  private get lockMs() {
    return this.ctx.config.LOCK_MINUTES * 60_000;
  }

  /** The lock a `locked_at` stands for now, or null when there is none or it has run out. */
  private lockOf(lockedAt: Date | null): Lock | null {
    if (!lockedAt) return null;
    if (this.lockMs === 0) return { until: null };
    const until = lockedAt.getTime() + this.lockMs;
    return until > this.ctx.now() ? { until: new Date(until) } : null;
  }

  lockMessage(lock: Lock): string {
    return lockMessage(lock, this.ctx.now());
  }

  /**
   * Checks a password with lockout. `user` undefined (or inactive) means the name is no user: it
   * is counted by name and never succeeds. `deviceKey` is the SM2 public key the attempt came
   * with, if any; a key this user has logged in with before counts apart.
   */
  async check(input: { username: string; user: User | undefined; password: string; deviceKey?: string; request: FastifyRequest }): Promise<PasswordCheck> {
    const { user, password, request } = input;
    if (!user || user.status !== 1) return this.checkName(input.username, password);

    const device = input.deviceKey ? await knownDevice(this.ctx.database.db, user.user_id, input.deviceKey) : undefined;
    const counter = device
      ? this.deviceCounter(user.user_id, device.device_key, device.failed_attempts, device.locked_at)
      : this.userCounter(user.user_id, user.failed_attempts, user.locked_at);

    const held = this.lockOf(counter.lockedAt);
    if (held) {
      await this.verifyNobody(password);
      return { ok: false, lock: held, held: true };
    }
    if (await verifyPassword(password, user.password_hash)) {
      if (counter.failedAttempts > 0 || counter.lockedAt) await counter.reset();
      return { ok: true };
    }
    // A lock that ran out starts the count again.
    if (counter.lockedAt) await counter.reset(counter.lockedAt);
    const failures = await counter.increment();
    if (failures === null) return this.lockedMeanwhile(await this.currentLock(user.user_id, device?.device_key));
    if (failures < this.ctx.config.MAX_LOGIN_FAILURES) return { ok: false, lock: null, remaining: this.ctx.config.MAX_LOGIN_FAILURES - failures };

    const now = new Date(this.ctx.now());
    if (await counter.lock(now)) {
      await recordAudit(this.ctx.database, request, {
        event: 'user.lockout',
        outcome: 'success',
        userId: user.user_id,
        username: user.username,
        detail: { failedAttempts: failures, knownDevice: Boolean(device) },
      });
      return this.lockedMeanwhile(this.lockOf(now));
    }
    return this.lockedMeanwhile(await this.currentLock(user.user_id, device?.device_key));
  }

  /**
   * A concurrent attempt set the lock between this one's reads and writes; had it run out
   * already (a lock of a moment), the next attempt starts a fresh count.
   */
  private lockedMeanwhile(lock: Lock | null): PasswordCheck {
    return lock ? { ok: false, lock } : { ok: false, lock: null, remaining: this.ctx.config.MAX_LOGIN_FAILURES };
  }

  /** The counter of a user's unknown devices: the users row. */
  private userCounter(userId: number, failedAttempts: number, lockedAt: Date | null) {
    return { failedAttempts, lockedAt, ...counterWrites(this.ctx.database.db, userId) };
  }

  /** The counter of one device key the user has logged in with before: its login_devices row. */
  private deviceCounter(userId: number, deviceKey: string, failedAttempts: number, lockedAt: Date | null) {
    return { failedAttempts, lockedAt, ...counterWrites(this.ctx.database.db, userId, deviceKey) };
  }

  private async currentLock(userId: number, deviceKey: string | undefined): Promise<Lock | null> {
    return this.lockOf(await lockedAt(this.ctx.database.db, userId, deviceKey));
  }

  /** A name that is no user: the same cost, codes and lock as a user with a wrong password. */
  private async checkName(username: string, password: string): Promise<PasswordCheck> {
    const { kv } = this.ctx;
    const lockKey = nameKey('lock', username);
    const held = await kv.get(lockKey);
    await this.verifyNobody(password);
    if (held !== null) {
      const until = held === '0' ? null : Number(held);
      if (until === null || until > this.ctx.now()) return { ok: false, lock: { until: until === null ? null : new Date(until) }, held: true };
      // Ran out by the app's clock (the store's own expiry may lag it).
      await kv.delete(lockKey);
    }
    const failures = await kv.increment(nameKey('fails', username), NAME_COUNTER_TTL_MS);
    // The same count a user's counter gives, so the attempts left tell nothing about the name.
    if (failures < this.ctx.config.MAX_LOGIN_FAILURES) return { ok: false, lock: null, remaining: this.ctx.config.MAX_LOGIN_FAILURES - failures };
    const until = this.lockMs === 0 ? null : this.ctx.now() + this.lockMs;
    const value = until === null ? '0' : String(until);
    if (!(await kv.setIfAbsent(lockKey, value, until === null ? NAME_LOCK_FOREVER_MS : this.lockMs))) {
      const current = await kv.get(lockKey);
      return { ok: false, lock: { until: current === null || current === '0' ? null : new Date(Number(current)) } };
    }
    await kv.delete(nameKey('fails', username));
    return { ok: false, lock: { until: until === null ? null : new Date(until) } };
  }

  /** First login, or a password older than PASSWORD_MAX_AGE_DAYS (040007). */
  mustChangePassword(user: User): boolean {
    const maxAgeMs = this.ctx.config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
    return user.must_change_password || user.password_changed_at.getTime() + maxAgeMs <= this.ctx.now();
  }

  /** Whether `password` equals the current one or any of the last PASSWORD_HISTORY_DEPTH. */
  async usedBefore(user: User, password: string, depth: number): Promise<boolean> {
    const history = await earlierPasswordHashes(this.ctx.database.db, user.user_id, depth);
    for (const hash of [user.password_hash, ...history]) {
      if (await verifyPassword(password, hash)) return true;
    }
    return false;
  }

  /**
   * Sets a new password; the old hash goes to the history, which keeps `depth` entries.
   * `mustChange`: a password staff set or reset, to be changed at the next login (040007).
   * `beforeWrite`: runs first in the same transaction, and may refuse (a signed change's signature).
   */
  async setPassword(
    user: User,
    password: string,
    depth: number,
    options: { mustChange?: boolean; beforeWrite?: (trx: Transaction<DB>) => Promise<unknown> } = {},
  ): Promise<void> {
    const hash = await hashPassword(password);
    const now = new Date(this.ctx.now());
    await this.ctx.database.db.transaction().execute(async (trx) => {
      await options.beforeWrite?.(trx);
      await writePassword(trx, user, hash, now, depth, options.mustChange ?? false);
    });
  }

  /** Locks in force now, of the user or of any of their devices, for staff (spec §7 queryLockUser). */
  async lockedUsers(): Promise<{ userId: number; username: string; nickName: string; failedAttempts: number; lockedAt: Date }[]> {
    // Locks that ran out are not listed (LOCK_MINUTES = 0: none runs out).
    const since = new Date(this.lockMs === 0 ? 0 : this.ctx.now() - this.lockMs);
    const byUser = new Map<number, { userId: number; username: string; nickName: string; failedAttempts: number; lockedAt: Date }>();
    for (const r of await locksSince(this.ctx.database.db, since)) {
      const lockedAt = r.locked_at as Date;
      const seen = byUser.get(r.user_id);
      if (!seen || lockedAt > seen.lockedAt) {
        byUser.set(r.user_id, { userId: r.user_id, username: r.username, nickName: r.nick_name, failedAttempts: r.failed_attempts, lockedAt });
      }
    }
    return [...byUser.values()].sort((a, b) => b.lockedAt.getTime() - a.lockedAt.getTime());
  }

  /**
   * Staff unlock: the user's own lock and those of all their devices; false when none was in force.
   * `db`: the caller's transaction, when the unlock is part of a larger one (its signature check).
   */
  async unlock(userId: number, db: Kysely<DB> = this.ctx.database.db): Promise<boolean> {
    const now = new Date(this.ctx.now());
    const since = new Date(this.lockMs === 0 ? 0 : this.ctx.now() - this.lockMs);
    return clearLocksSince(db, userId, since, now);
  }
}
