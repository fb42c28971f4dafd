import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RETURN_CODES, eventsApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { JOURNAL_ID, compareJournalIds } from '../../kv/kv-store';
import type { SessionInfo, SessionStore } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { StreamHub } from './stream-hub';
import type { StreamTickets } from './stream-tickets';

const TICKET_REFUSED = '实时通知票据无效或已过期，请重新获取';
const EVENT_ID_INVALID = '事件编号格式不正确';

/**
 * The later of the two ways a client names the last event it saw: `lastEventId` in the query
 * (a new EventSource with a new ticket) or `Last-Event-ID` (a client that reconnects by itself).
 */
function lastEventIdOf(request: FastifyRequest, fromQuery: string | undefined): string | undefined {
  const header = request.headers['last-event-id'];
  if (header !== undefined && (typeof header !== 'string' || !JOURNAL_ID.test(header))) throw new AppError(RETURN_CODES.INVALID_PARAMETER, EVENT_ID_INVALID);
  const named = [fromQuery, header].filter((id): id is string => Boolean(id));
  return named.sort(compareJournalIds).at(-1);
}

/** The waiting login page of a scan ticket: no user, no seat; it hears its ticket's events only. */
const scanListener = (scanId: string): SessionInfo => ({
  tokenHash: `scan:${scanId}`,
  userId: 0,
  username: '',
  userType: 'customer',
  userNo: '',
  enterpriseNo: '',
  authorities: [],
  scanId,
});

export function eventRoutes(app: FastifyInstance, ctx: AppContext, deps: { tickets: StreamTickets; hub: StreamHub; sessions: SessionStore }) {
  const routes = operationRoutes(app, ctx);
  const { tickets, hub, sessions } = deps;

  routes.json(eventsApi.eventTicket, async ({ session }) => ({ ticket: await tickets.issue({ for: 'session', tokenHash: session.tokenHash }) }));

  routes.stream(eventsApi.eventStream, async ({ input, request, reply }) => {
    const lastEventId = lastEventIdOf(request, input.lastEventId);
    const holder = input.ticket ? await tickets.take(input.ticket) : null;
    // Opening the stream is not the user's activity: it does not keep the session from idling out.
    const session = !holder ? null : holder.for === 'scan' ? scanListener(holder.scanId) : await sessions.resolveHash(holder.tokenHash, { touch: false });
    if (!session) throw new AppError(RETURN_CODES.UNAUTHENTICATED, TICKET_REFUSED);
    await hub.open(reply, session, lastEventId, holder?.for === 'scan' ? { address: request.ip, endsAt: holder.expiresAt } : undefined);
    return reply;
  });
}
