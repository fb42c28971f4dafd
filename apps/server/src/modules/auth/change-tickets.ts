import type { AppContext } from '../../app-context';
import { OneTimeTickets } from '../../kv/one-time-tickets';

const TICKET_TTL_MS = 5 * 60_000;

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
  readonly #tickets: OneTimeTickets<ChangeTicket>;

  constructor(private readonly ctx: AppContext) {
    this.#tickets = new OneTimeTickets(ctx.kv, 'change-ticket');
  }

  async issue(input: { userId: number; username: string; deviceKey: string }): Promise<string> {
    return (await this.#tickets.issue({ ...input, expiresAt: this.ctx.now() + TICKET_TTL_MS }, TICKET_TTL_MS)).ticket;
  }

  /** The ticket if it is live and was issued for `username`, without spending it. */
  async peek(ticket: string, username: string): Promise<ChangeTicket | null> {
    return this.#valid(await this.#tickets.peek(ticket), username);
  }

  /** The ticket, spent: exactly one caller gets it. */
  async take(ticket: string, username: string): Promise<ChangeTicket | null> {
    return this.#valid(await this.#tickets.take(ticket), username);
  }

  /** Puts a spent ticket back for what is left of its 5 minutes (its holder proved the old password). */
  async restore(ticket: string, value: ChangeTicket): Promise<void> {
    const left = value.expiresAt - this.ctx.now();
    if (left > 0) await this.#tickets.put(ticket, value, left);
  }

  #valid(value: ChangeTicket | null, username: string): ChangeTicket | null {
    return value && value.username === username && value.expiresAt > this.ctx.now() ? value : null;
  }
}
