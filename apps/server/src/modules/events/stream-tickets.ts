import { EVENT_TICKET_TTL_MS } from '@portal/shared';
import type { KvStore } from '../../kv/kv-store';
import { OneTimeTickets } from '../../kv/one-time-tickets';

/** What a ticket opens: a session's stream, or the anonymous stream of a scan-code login ticket. */
export type TicketHolder = { for: 'session'; tokenHash: string } | { for: 'scan'; scanId: string; expiresAt: number };

/** Stream tickets: single use, 30 seconds, taken by the one stream they open on any instance. */
export class StreamTickets {
  readonly #tickets: OneTimeTickets<TicketHolder>;

  constructor(kv: KvStore) {
    this.#tickets = new OneTimeTickets(kv, 'events:ticket');
  }

  async issue(holder: TicketHolder): Promise<string> {
    return (await this.#tickets.issue(holder, EVENT_TICKET_TTL_MS)).ticket;
  }

  /** The holder, once; null when unknown, spent or expired. */
  take(ticket: string): Promise<TicketHolder | null> {
    return this.#tickets.take(ticket);
  }
}
