import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { User } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { hashPassword, verifyPassword } from './password-hash';

/**
 * Users' passwords and their lockout: wrong passwords count up to MAX_LOGIN_FAILURES, which
 * locks the user until staff unlock; a right one resets the count.
 */
export class Credentials {
  #nobody: Promise<string> | undefined;

  constructor(private readonly ctx: AppContext) {}

  findUser(username: string): Promise<User | undefined> {
    return this.ctx.database.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Spends the time of one password check against no account. */
  async verifyNobody(password: string): Promise<void> {
    this.#nobody ??= hashPassword('no such user');
    await verifyPassword(password, await this.#nobody);
  }

  isLocked(user: User): boolean {
    return user.locked_at !== null;
  }

  /** Checks the password; a wrong one is counted (and may lock), a right one resets the count. */
  async verify(user: User, password: string, request: FastifyRequest): Promise<boolean> {
    const db = this.ctx.database.db;
    if (await verifyPassword(password, user.password_hash)) {
      if (user.failed_attempts > 0) await db.updateTable('users').set({ failed_attempts: 0 }).where('user_id', '=', user.user_id).execute();
      return true;
    }
    const max = this.ctx.config.MAX_LOGIN_FAILURES;
    const updated = await db
      .updateTable('users')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('user_id', '=', user.user_id)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    if (updated.failed_attempts >= max) {
      const locked = await db
        .updateTable('users')
        .set({ locked_at: new Date(this.ctx.now()) })
        .where('user_id', '=', user.user_id)
        .where('locked_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (locked) {
        await recordAudit(this.ctx.database, request, {
          event: 'user.lockout',
          outcome: 'success',
          userId: user.user_id,
          username: user.username,
          detail: { failedAttempts: updated.failed_attempts },
        });
      }
    }
    return false;
  }

  /** First login, or a password older than PASSWORD_MAX_AGE_DAYS (040007). */
  mustChangePassword(user: User): boolean {
    const maxAgeMs = this.ctx.config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
    return user.must_change_password || user.password_changed_at.getTime() + maxAgeMs <= this.ctx.now();
  }

  /** Whether `password` equals the current one or any of the last PASSWORD_HISTORY_DEPTH. */
  async usedBefore(user: User, password: string, depth: number): Promise<boolean> {
    const history = await this.ctx.database.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', user.user_id)
      .orderBy('changed_at', 'desc')
      .orderBy('history_id', 'desc')
      .limit(depth)
      .execute();
    for (const hash of [user.password_hash, ...history.map((h) => h.password_hash)]) {
      if (await verifyPassword(password, hash)) return true;
    }
    return false;
  }

  /** Sets a new password; the old hash goes to the history, which keeps `depth` entries. */
  async setPassword(user: User, password: string, depth: number): Promise<void> {
    const hash = await hashPassword(password);
    const now = new Date(this.ctx.now());
    await this.ctx.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('password_history').values({ user_id: user.user_id, password_hash: user.password_hash, changed_at: now }).execute();
      const keep = trx
        .selectFrom('password_history')
        .select('history_id')
        .where('user_id', '=', user.user_id)
        .orderBy('changed_at', 'desc')
        .orderBy('history_id', 'desc')
        .limit(depth);
      await trx.deleteFrom('password_history').where('user_id', '=', user.user_id).where('history_id', 'not in', keep).execute();
      await trx
        .updateTable('users')
        .set({ password_hash: hash, password_changed_at: now, must_change_password: false, failed_attempts: 0, updated_at: now })
        .where('user_id', '=', user.user_id)
        .execute();
    });
  }

  async unlock(userId: number): Promise<boolean> {
    const row = await this.ctx.database.db
      .updateTable('users')
      .set({ locked_at: null, failed_attempts: 0, updated_at: new Date(this.ctx.now()) })
      .where('user_id', '=', userId)
      .where('locked_at', 'is not', null)
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
