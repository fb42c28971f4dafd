import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';

const TICKET_TTL_MS = 5 * 60_000;
const keyOf = (ticket: string) => `change-ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/** What a ticket stands for: the user whose login answered 040007, and the device key it came with. */
export interface ChangeTicket {
  userId: number;
  username: string;
  deviceKey: string;
  expiresAt: number;
}

/**
 * The forced password change's proof (pen test M2): a 040007 login answer carries a ticket, 32
 * random bytes valid 5 minutes for that username only, kept (hashed) in the shared store. The
 * forced change takes it atomically before it checks the old password, so it serves one
 * password check; nothing else accepts it.
 */
export class ChangeTickets {
  constructor(private readonly ctx: AppContext) {}

  async issue(input: { userId: number; username: string; deviceKey: string }): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const value: ChangeTicket = { ...input, expiresAt: this.ctx.now() + TICKET_TTL_MS };
    await this.ctx.kv.set(keyOf(ticket), JSON.stringify(value), TICKET_TTL_MS);
    return ticket;
  }

  /** The ticket if it is live and was issued for `username`, without spending it. */
  async peek(ticket: string, username: string): Promise<ChangeTicket | null> {
    return this.parse(await this.ctx.kv.get(keyOf(ticket)), username);
  }

  /** The ticket, spent: exactly one caller gets it. */
  async take(ticket: string, username: string): Promise<ChangeTicket | null> {
    return this.parse(await this.ctx.kv.take(keyOf(ticket)), username);
  }

  /** Puts a spent ticket back for what is left of its 5 minutes (its holder proved the old password). */
  async restore(ticket: string, value: ChangeTicket): Promise<void> {
    const left = value.expiresAt - this.ctx.now();
    if (left > 0) await this.ctx.kv.set(keyOf(ticket), JSON.stringify(value), left);
  }

  private parse(raw: string | null, username: string): ChangeTicket | null {
    if (raw === null) return null;
    const value = JSON.parse(raw) as ChangeTicket;
    return value.username === username && value.expiresAt > this.ctx.now() ? value : null;
  }
}
