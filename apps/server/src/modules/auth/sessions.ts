import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';

export interface SessionInfo {
  tokenHash: string;
  userId: number;
  username: string;
  userType: 'customer' | 'staff';
  userNo: string;
  enterpriseNo: string;
  authorities: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionInfo;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** last_seen_at is written at most this often: a busy user must not cost a write per request. */
const TOUCH_EVERY_MS = 30_000;

/**
 * Opaque 256-bit access tokens (ARCHITECTURE §5): only their SHA-256 is stored. A session ends
 * when revoked, idle longer than SESSION_IDLE_MINUTES, or older than SESSION_ABSOLUTE_HOURS.
 */
export class SessionStore {
  constructor(private readonly ctx: AppContext) {}

  private get idleMs() {
    return this.ctx.config.SESSION_IDLE_MINUTES * 60_000;
  }

  /** Starts a session for a user number, ending its earlier ones (one active session per user number). */
  async create(input: { userId: number; userNo: string; clientIp: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.now();
    await this.ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(now) })
        .where('user_no', '=', input.userNo)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: input.userId,
          user_no: input.userNo,
          created_at: new Date(now),
          last_seen_at: new Date(now),
          expires_at: new Date(now + this.ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000),
          client_ip: input.clientIp,
          user_agent: input.userAgent.slice(0, 512),
        })
        .execute();
    });
    return token;
  }

  /** The live session behind a token, or null; a hit counts as activity. */
  async resolve(token: string): Promise<SessionInfo | null> {
    const db = this.ctx.database.db;
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.user_id', 's.user_id')
      .innerJoin('user_numbers as n', 'n.user_no', 's.user_no')
      .select(['s.token_hash', 's.user_id', 's.user_no', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
      .select(['u.username', 'u.user_type', 'u.status as user_status', 'n.enterprise_no', 'n.status as seat_status'])
      .where('s.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    const now = this.ctx.now();
    if (
      !row ||
      row.revoked_at ||
      !row.user_no ||
      row.user_status !== 1 ||
      row.seat_status !== 1 ||
      row.expires_at.getTime() <= now ||
      row.last_seen_at.getTime() + this.idleMs <= now
    ) {
      return null;
    }
    if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('token_hash', '=', row.token_hash).execute();
    }
    const authorities = await db
      .selectFrom('user_number_roles as r')
      .innerJoin('role_authorities as a', 'a.role_id', 'r.role_id')
      .select('a.authority')
      .distinct()
      .where('r.user_no', '=', row.user_no)
      .execute();
    return {
      tokenHash: row.token_hash,
      userId: row.user_id,
      username: row.username,
      userType: row.user_type,
      userNo: row.user_no,
      enterpriseNo: row.enterprise_no,
      authorities: authorities.map((a) => a.authority),
    };
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.ctx.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.ctx.now()) })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Ends every session of a person, on every user number (after a password change or reset);
   * `except` (a token hash) spares the session that made the change.
   */
  async revokeUser(userId: number, options: { except?: string } = {}): Promise<void> {
    let query = this.ctx.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(this.ctx.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (options.except) query = query.where('token_hash', '!=', options.except);
    await query.execute();
  }
}
