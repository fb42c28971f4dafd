import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { RETURN_CODES } from '@portal/shared';
import { sha256Hex } from '../../sha256';
import type { AppContext } from '../../app-context';
import type { DB, User } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { timed } from '../../platform/server-timing';
import {
  clearLocksSince,
  counterWrites,
  deviceCounterRow,
  earlierPasswordHashes,
  locksSince,
  pruneUnknownDevices,
  unknownDeviceWrites,
  userByName,
  writePassword,
  type CounterWrites,
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

/**
 * One lockout counter as read before the password check: `max` wrong passwords in a row lock it;
 * `kind` names it in the lockout's audit entry.
 */
interface Counter extends CounterWrites {
  kind: 'known_device' | 'unknown_device' | 'unknown_devices';
  failedAttempts: number;
  lockedAt: Date | null;
  max: number;
}

/** Counters of names that are no user live this long without a new failure (a user's never expire). */
const NAME_COUNTER_TTL_MS = 90 * 86_400_000;
/** With LOCK_MINUTES = 0 a name that is no user stays locked this long (no staff can unlock it). */
const NAME_LOCK_FOREVER_MS = 365 * 86_400_000;

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
 * Users' passwords and their lockout (ASVS 2.2.1, docs/decisions/login-lockout.md): a right
 * password resets the counters the attempt counted on. Counted per (user, device key), so that a
 * stranger can lock neither the owner's browsers nor learn which names exist:
 * - a device key the user has logged in with before: MAX_LOGIN_FAILURES lock it (login_devices);
 * - any other key: MAX_LOGIN_FAILURES lock that key (unknown_device_failures), and every such
 *   failure also counts on the user (users), where UNKNOWN_DEVICE_MAX_FAILURES lock every
 *   unknown device at once, and no known one;
 * - a name that is no active user counts the same two ways in the KvStore, and answers exactly
 *   like a user.
 * Locks last LOCK_MINUTES (0: until staff unlock). A locked or unknown name still costs one
 * password hash, so timing tells nothing either.
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

  /** Of several counters' locks, the one in force longest. */
  private latestLock(lockedAts: (Date | null)[]): Lock | null {
    const locks = lockedAts.map((at) => this.lockOf(at)).filter((l) => l !== null);
    if (locks.length === 0) return null;
    return locks.find((l) => l.until === null) ?? locks.reduce((a, b) => (a.until!.getTime() >= b.until!.getTime() ? a : b));
  }

  lockMessage(lock: Lock): string {
    return lockMessage(lock, this.ctx.now());
  }

  /**
   * Checks a password with lockout. `user` undefined (or inactive) means the name is no user: it
   * is counted by name and never succeeds. `deviceKey` is the SM2 public key the attempt came
   * with (the login's, or the session's); attempts with none (certificate enrolment) count
   * together as one unknown device.
   */
  async check(input: { username: string; user: User | undefined; password: string; deviceKey?: string; request: FastifyRequest }): Promise<PasswordCheck> {
    const { password, deviceKey = '', request } = input;
    const user = input.user && input.user.status === 1 ? input.user : undefined;
    const counters = await timed(request, 'lockout', () => (user ? this.userCounters(user, deviceKey) : this.nameCounters(input.username, deviceKey)));

    const held = this.latestLock(counters.map((c) => c.lockedAt));
    if (held) {
      await timed(request, 'hash', () => this.verifyNobody(password));
      return { ok: false, lock: held, held: true };
    }
    const right = await timed(request, 'hash', () => (user ? verifyPassword(password, user.password_hash) : this.verifyNobody(password).then(() => false)));
    if (right) {
      for (const counter of counters) if (counter.failedAttempts > 0 || counter.lockedAt) await timed(request, 'lockout', () => counter.reset());
      return { ok: true };
    }
    return this.countFailure(counters, user, request);
  }

  /** One more wrong password on every counter of the attempt; the lock of any that (now) locked. */
  private async countFailure(counters: Counter[], user: User | undefined, request: FastifyRequest): Promise<PasswordCheck> {
    const now = new Date(this.ctx.now());
    let remaining = Number.POSITIVE_INFINITY;
    let locked = false;
    for (const counter of counters) {
      // A lock that ran out starts the count again.
      if (counter.lockedAt) await counter.reset(counter.lockedAt);
      const failures = await counter.increment();
      // null: a concurrent attempt set the lock between this one's reads and writes.
      if (failures === null || failures >= counter.max) locked = true;
      if (failures === null) continue;
      if (failures < counter.max) {
        remaining = Math.min(remaining, counter.max - failures);
      } else if ((await counter.lock(now)) && user) {
        await recordAudit(this.ctx.database, request, {
          event: 'user.lockout',
          outcome: 'success',
          userId: user.user_id,
          username: user.username,
          detail: { failedAttempts: failures, counter: counter.kind, knownDevice: counter.kind === 'known_device' },
        });
      }
    }
    if (!locked) return { ok: false, lock: null, remaining };
    const lock = this.latestLock(await Promise.all(counters.map((c) => c.currentLock())));
    // Had a concurrent lock run out already (a lock of a moment), the next attempt starts a fresh count.
    return lock ? { ok: false, lock } : { ok: false, lock: null, remaining: this.ctx.config.MAX_LOGIN_FAILURES };
  }

  /**
   * A known device's own counter; an unknown one's, and the user's over all unknown devices (as
   * the user's row, read for this attempt, has it).
   */
  private async userCounters(user: User, deviceKey: string): Promise<Counter[]> {
    const userId = user.user_id;
    const { db } = this.ctx.database;
    const { config } = this.ctx;
    const device = await deviceCounterRow(db, userId, deviceKey);
    const deviceCounter = { failedAttempts: device.failed_attempts, lockedAt: device.locked_at, max: config.MAX_LOGIN_FAILURES };
    if (device.known) return [{ kind: 'known_device', ...deviceCounter, ...counterWrites(db, userId, deviceKey) }];

    const writes = counterWrites(db, userId);
    const allUnknown: Counter = {
      kind: 'unknown_devices',
      failedAttempts: user.failed_attempts,
      lockedAt: user.locked_at,
      max: config.UNKNOWN_DEVICE_MAX_FAILURES,
      ...writes,
      lock: async (at) => {
        if (!(await writes.lock(at))) return false;
        await pruneUnknownDevices(db, userId, this.lockMs === 0 ? null : new Date(at.getTime() - this.lockMs));
        return true;
      },
    };
    return [{ kind: 'unknown_device', ...deviceCounter, ...unknownDeviceWrites(db, userId, deviceKey) }, allUnknown];
  }

  /** A name that is no user: the same two counters as a user's unknown device, in the KvStore. */
  private async nameCounters(username: string, deviceKey: string): Promise<Counter[]> {
    const name = sha256Hex(username);
    const { config } = this.ctx;
    return [
      { kind: 'unknown_device', max: config.MAX_LOGIN_FAILURES, ...(await this.kvCounter(`lockout:name-device:${name}:${sha256Hex(deviceKey)}`)) },
      { kind: 'unknown_devices', max: config.UNKNOWN_DEVICE_MAX_FAILURES, ...(await this.kvCounter(`lockout:name:${name}`)) },
    ];
  }

  /** A counter kept in the KvStore under `key`: its count at `key:fails`, the time of its lock at `key:lock`. */
  private async kvCounter(key: string): Promise<Omit<Counter, 'kind' | 'max'>> {
    const { kv } = this.ctx;
    const [fails, lock] = [`${key}:fails`, `${key}:lock`];
    const currentLock = async () => {
      const at = await kv.get(lock);
      return at === null ? null : new Date(Number(at));
    };
    const [count, at] = [await kv.get(fails), await currentLock()];
    return {
      failedAttempts: Number(count ?? 0),
      lockedAt: at,
      reset: async () => {
        await kv.delete(lock);
        await kv.delete(fails);
      },
      increment: async () => ((await kv.get(lock)) === null ? kv.increment(fails, NAME_COUNTER_TTL_MS) : null),
      lock: async (when) => {
        if (!(await kv.setIfAbsent(lock, String(when.getTime()), this.lockMs === 0 ? NAME_LOCK_FOREVER_MS : this.lockMs))) return false;
        await kv.delete(fails);
        return true;
      },
      currentLock,
    };
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
  /** `db`: a transaction's, when the caller reads inside one. */
  async lockedUsers(db: Kysely<DB> = this.ctx.database.db): Promise<{ userId: number; username: string; nickName: string; failedAttempts: number; lockedAt: Date }[]> {
    // Locks that ran out are not listed (LOCK_MINUTES = 0: none runs out).
    const since = new Date(this.lockMs === 0 ? 0 : this.ctx.now() - this.lockMs);
    const byUser = new Map<number, { userId: number; username: string; nickName: string; failedAttempts: number; lockedAt: Date }>();
    for (const r of await locksSince(db, since)) {
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
