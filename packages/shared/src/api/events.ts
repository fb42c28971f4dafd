import { z } from 'zod';
import { defineOperation } from './operation';

const base = { category: '认证与基础', serviceId: 'zctg-auth' } as const;

/** A stream ticket is spent by the stream it opens, right after the call that asked for it. */
export const EVENT_TICKET_TTL_MS = 30_000;
/** How far back a reconnect resumes from its last event id (docs/platform/live-events.md). */
export const EVENT_RESUME_WINDOW_MS = 5 * 60_000;

/**
 * What happened, never the data itself: the client fetches details through the envelope.
 * - `warning.imported`: staff imported warnings (`ids`: the warning kind codes, or none);
 * - `riskNotice.published` / `riskNotice.urgent`: notices published (`ids`: notice ids), the
 *   second for urgent ones, which must be acknowledged;
 * - `home.changed`: the home counts may have changed;
 * - `stream.resync`: the reconnect came after more than the resume window, so events may have
 *   been missed: refresh what is shown. The server sends it; nobody publishes it.
 * - `instruction.cutoffNear`: instructions reached the session's queue with under an hour left to
 *   their cut-off (`ids`: the instruction numbers; `counts.msLeft`: the time left when they did);
 * - `scan.confirmed` / `scan.denied`: the phone answered a scan-code login ticket; only the
 *   anonymous stream of that ticket hears it, and `scan.confirmed` carries (`ids`) the one-time
 *   code the waiting page exchanges for its session (single use, 30 s).
 * - `message.new`: 消息中心 has new notifications for the seat (`ids`: their ids; `counts.unread`:
 *   the seat's unread total after them).
 * - `message.read`: some of the seat's notifications were marked read elsewhere (reading the
 *   risk notice one is about): its bell and list reload.
 * - `statement.imported`: the bank imported cash (`ids: ['cash']`) or valuation (`ids: ['valuation']`)
 *   statements for the enterprise: open statement screens reload.
 */
export const LIVE_EVENT_KINDS = [
  'warning.imported',
  'riskNotice.published',
  'riskNotice.urgent',
  'home.changed',
  'stream.resync',
  'scan.confirmed',
  'scan.denied',
  'instruction.cutoffNear',
  'message.new',
  'message.read',
  'statement.imported',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** Kinds after which the home reminder counts may differ (the web app reloads them). */
export const HOME_COUNT_EVENT_KINDS: readonly LiveEventKind[] = ['warning.imported', 'riskNotice.published', 'riskNotice.urgent', 'home.changed', 'stream.resync', 'instruction.cutoffNear'];

/** An event id: the journal's `<ms>-<n>`, ordered across server instances. */
export const liveEventIdSchema = z.string().regex(/^\d{1,15}-\d{1,15}$/, '事件编号格式不正确');

export const liveEventSchema = z.object({
  id: liveEventIdSchema,
  kind: z.enum(LIVE_EVENT_KINDS),
  /** Ids of what changed (notice ids, warning kind codes). */
  ids: z.array(z.union([z.number().int(), z.string().max(64)])).max(500).optional(),
  /** Numbers only (how many were imported, say). */
  counts: z.record(z.string().max(64), z.number().int().min(0)).optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What a server module publishes: the event without its id, which the journal gives. */
export const liveEventInputSchema = liveEventSchema.omit({ id: true }).extend({ kind: z.enum(LIVE_EVENT_KINDS).exclude(['stream.resync']) });
export type LiveEventInput = z.infer<typeof liveEventInputSchema>;

/** The browser's `EventSource` cannot send our headers: it opens the stream with this ticket. */
export const eventTicket = defineOperation({
  ...base,
  id: 'EVENT_STREAM_TICKET',
  // Each call must give a fresh one-time ticket.
  idempotent: false,
  // The answer is a credential for the next 30 seconds: it never travels in the clear.
  pinned: ['encrypted'],
  name: '获取实时事件流票据',
  method: 'POST',
  path: '/{prefix}/events/ticket',
  audience: ['customer', 'staff'],
  encrypt: true,
  antiReplay: true,
  response: z.object({ ticket: z.string() }),
});

/**
 * `GET {API_BASE}/events/stream?ticket=…[&lastEventId=…]`: Server-Sent Events for the session
 * that asked for the ticket (single use, 30 s). Outside the envelope like health, since
 * `EventSource` sends no headers of ours; the ticket is the credential. A reconnect resumes
 * after `lastEventId` (or the `Last-Event-ID` header).
 */
export const eventStream = defineOperation({
  ...base,
  id: 'EVENT_STREAM',
  name: '实时事件流',
  method: 'GET',
  path: '/events/stream',
  audience: ['public'],
  envelope: 'exempt',
  kind: 'stream',
  // A missing ticket is refused like a spent one (401), by the route.
  request: z.object({ ticket: z.string().max(64).optional(), lastEventId: liveEventIdSchema.optional() }),
});
