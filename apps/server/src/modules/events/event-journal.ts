import { EVENT_RESUME_WINDOW_MS, liveEventInputSchema, type LiveEvent, type LiveEventInput } from '@portal/shared';
import type { KvStore } from '../../kv/kv-store';
import type { SessionInfo } from '../../platform/sessions';

/**
 * Whom an event is for: the sessions it reaches, on every instance, or the anonymous stream of
 * one scan-code login ticket.
 */
export type EventAudience =
  /** Every customer session. */
  | { to: 'customers' }
  /** Sessions on seats of these enterprises. */
  | { to: 'enterprises'; enterpriseNos: readonly string[] }
  /** Sessions of these user numbers (seats). */
  | { to: 'seats'; userNos: readonly string[] }
  /** Every bank-staff session. */
  | { to: 'staff' }
  /** The anonymous stream of one scan-code login ticket (by the ticket's hash). */
  | { to: 'scan'; scanId: string };

/** One journal for all events, kept for the resume window; each stream filters it by its session. */
const JOURNAL = 'events:journal';
/** Every instance hears each event here, in journal order, and delivers it to its own streams. */
export const EVENT_CHANNEL = 'events:live';

/** An event as every instance reads it back from the journal or the channel. */
export interface JournalEvent {
  event: LiveEvent;
  audience: EventAudience;
}

/**
 * Appends the event to the shared journal and announces it to every instance in one step; the
 * journal's id is the event's. Throws on an event or audience no caller should build (a bug).
 */
export async function publishEvent(kv: KvStore, input: LiveEventInput, audience: EventAudience): Promise<string> {
  const event = liveEventInputSchema.parse(input);
  const list = audience.to === 'enterprises' ? audience.enterpriseNos : audience.to === 'seats' ? audience.userNos : undefined;
  if (list && (list.length === 0 || list.some((v) => typeof v !== 'string' || v === ''))) throw new Error(`event audience ${audience.to} names nobody`);
  return kv.appendToJournal(JOURNAL, EVENT_CHANNEL, JSON.stringify({ event, audience }), EVENT_RESUME_WINDOW_MS);
}

/** The journal's events after `afterId`, oldest first. */
export async function eventsAfter(kv: KvStore, afterId: string): Promise<JournalEvent[]> {
  const entries = await kv.readJournal(JOURNAL, afterId);
  return entries.flatMap((entry) => readEvent(entry.id, entry.message) ?? []);
}

/** A message of the channel: `<id> <journal message>`. */
export function channelEvent(message: string): JournalEvent | null {
  const space = message.indexOf(' ');
  return space > 0 ? readEvent(message.slice(0, space), message.slice(space + 1)) : null;
}

function readEvent(id: string, message: string): JournalEvent | null {
  try {
    const { event, audience } = JSON.parse(message) as { event: LiveEventInput; audience: EventAudience };
    return { event: { id, ...event }, audience };
  } catch {
    return null; // not one of ours
  }
}

export function reaches(audience: EventAudience, session: SessionInfo): boolean {
  // A scan ticket's stream hears its own ticket's events and nothing else.
  if (session.scanId !== undefined || audience.to === 'scan') return audience.to === 'scan' && session.scanId === audience.scanId;
  switch (audience.to) {
    case 'customers':
      return session.userType === 'customer';
    case 'staff':
      return session.userType === 'staff';
    case 'enterprises':
      return audience.enterpriseNos.includes(session.enterpriseNo);
    case 'seats':
      return audience.userNos.includes(session.userNo);
    default:
      return false;
  }
}

/** The stream's wire form of an event (docs/platform/live-events.md). */
export const eventFrame = (event: LiveEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
