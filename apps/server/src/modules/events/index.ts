import type { FastifyInstance } from 'fastify';
import type { LiveEventInput } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { KvUnavailableError } from '../../kv/kv-store';
import { metrics } from '../../metrics';
import type { SessionStore } from '../../platform/sessions';
import { publishEvent, type EventAudience } from './event-journal';
import { eventRoutes } from './events.routes';
import { StreamHub } from './stream-hub';
import { StreamTickets } from './stream-tickets';

export type { EventAudience } from './event-journal';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product's one event channel to logged-in browsers (docs/platform/live-events.md). */
    events: LiveEvents;
  }
}

/**
 * Live events: modules publish `{ kind, ids?, counts? }` to an audience; every instance writes
 * it to its own streams whose session the audience reaches. Only kinds, ids and counts travel:
 * clients fetch the details through the envelope.
 */
export class LiveEvents {
  readonly #hub: StreamHub;
  readonly #tickets: StreamTickets;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionStore,
  ) {
    this.#hub = new StreamHub(ctx, sessions);
    this.#tickets = new StreamTickets(ctx.kv);
  }

  /**
   * Resolves with the event's id once it is in the shared journal and announced to every
   * instance; null when the shared store is unreachable. Events follow committed writes, which
   * must not turn into errors: browsers that miss one see the change at their next refresh.
   */
  async publish(event: LiveEventInput, audience: EventAudience): Promise<string | null> {
    try {
      return await publishEvent(this.ctx.kv, event, audience);
    } catch (err) {
      if (!(err instanceof KvUnavailableError)) throw err;
      metrics.dependencyOutages.inc({ dependency: 'kv', effect: 'event_lost' });
      return null;
    }
  }

  /** A ticket for the anonymous stream of a scan-code login ticket (modules/scan), which ends when the ticket does (`expiresAt`, ms). */
  scanStreamTicket(scanId: string, expiresAt: number): Promise<string> {
    return this.#tickets.issue({ for: 'scan', scanId, expiresAt });
  }

  /** Streams connected to this instance. */
  get streamCount() {
    return this.#hub.size;
  }

  /** Listens for events and session endings; starts the heartbeat. */
  start() {
    return this.#hub.start();
  }

  /** Ends this instance's streams (before the server waits for open connections to finish). */
  close() {
    return this.#hub.close();
  }

  /** `{prefix}/events/ticket` and `GET {API_BASE}/events/stream`. */
  routes(app: FastifyInstance) {
    eventRoutes(app, this.ctx, { tickets: this.#tickets, hub: this.#hub, sessions: this.sessions });
  }
}
