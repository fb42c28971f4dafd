import { createHash, randomBytes } from 'node:crypto';
import { EVENT_TICKET_TTL_MS } from '@portal/shared';
import type { KvStore } from '../../kv/kv-store';

/** What a ticket opens: a session's stream, or the anonymous stream of a scan-code login ticket. */
export type TicketHolder = { for: 'session'; tokenHash: string } | { for: 'scan'; scanId: string };

const keyOf = (ticket: string) => `events:ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * Stream tickets: 32 random bytes, in the shared store (any instance may serve the stream) only
 * as a hash, for 30 seconds, taken atomically by the one stream they open.
 */
export class StreamTickets {
  constructor(private readonly kv: KvStore) {}

  async issue(holder: TicketHolder): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.kv.set(keyOf(ticket), JSON.stringify(holder), EVENT_TICKET_TTL_MS);
    return ticket;
  }

  /** The holder, once; null when unknown, spent or expired. */
  async take(ticket: string): Promise<TicketHolder | null> {
    const value = await this.kv.take(keyOf(ticket));
    return value ? (JSON.parse(value) as TicketHolder) : null;
  }
}
