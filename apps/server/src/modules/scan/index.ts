import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, SCAN_MESSAGES, scanApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { OneTimeTickets } from '../../kv/one-time-tickets';
import { recordAudit } from '../../platform/audit';
import type { SessionStore } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { LiveEvents } from '../events';


/** What the login page's ticket remembers, in the KvStore (any instance may serve the phone). */
interface PendingScan {
  deviceKey: string;
  userAgent: string;
  clientIp: string;
  requestedAt: string;
  expiresAt: string;
}

/** What a confirmation grants: a web session of the phone's seat, bound to the desktop's device key. */
interface ScanGrant {
  userId: number;
  userNo: string;
  deviceKey: string;
  scanId: string;
}

/**
 * Scan-code login (spec §1, §4; docs/scan-login.md). Tickets and codes live in the KvStore and
 * are taken atomically, so each serves once on whichever instance is asked; the outcome reaches
 * the waiting page through the live event channel, on whichever instance holds its stream.
 */
export async function scanModule(app: FastifyInstance, ctx: AppContext, sessions: SessionStore, events: LiveEvents) {
  const routes = operationRoutes(app, ctx);
  // A ticket's id (its hash) names the waiting page's stream.
  const tickets = new OneTimeTickets<PendingScan>(ctx.kv, 'scan:ticket');
  const codes = new OneTimeTickets<ScanGrant>(ctx.kv, 'scan:code');
  const refuse = (message: string) => new AppError(RETURN_CODES.INVALID_PARAMETER, message);
  const ensureEnabled = () => {
    if (!ctx.config.ABLE_SCAN) throw new AppError(RETURN_CODES.FORBIDDEN, SCAN_MESSAGES.disabled);
  };

  routes.json(scanApi.scanConfig, async () => ({ ableScan: ctx.config.ABLE_SCAN }));

  routes.json(scanApi.scanTicket, async ({ input, request }) => {
    ensureEnabled();
    const now = ctx.now();
    const pending: PendingScan = {
      deviceKey: input.deviceKey,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      clientIp: request.ip,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ctx.config.SCAN_TICKET_TTL_MS).toISOString(),
    };
    const { ticket, id: scanId } = await tickets.issue(pending, ctx.config.SCAN_TICKET_TTL_MS);
    return { ticket, streamTicket: await events.scanStreamTicket(scanId, now + ctx.config.SCAN_TICKET_TTL_MS), expiresIn: Math.ceil(ctx.config.SCAN_TICKET_TTL_MS / 1000) };
  });

  const pendingOf = async (ticket: string) => {
    const pending = await tickets.peek(ticket);
    if (!pending) throw refuse(SCAN_MESSAGES.ticketInvalid);
    return pending;
  };

  routes.json(scanApi.scanInfo, async ({ input }) => {
    ensureEnabled();
    const { userAgent, clientIp, requestedAt, expiresAt } = await pendingOf(input.ticket);
    return { userAgent, clientIp, requestedAt, expiresAt };
  });

  routes.json(scanApi.scanConfirm, async ({ input, session, request }) => {
    ensureEnabled();
    // The phone's own key signed its answer (checked before the ticket is spent).
    await verifyOperationSignature(ctx.database.db, request, input);
    const scanId = OneTimeTickets.idOf(input.ticket);
    const pending = await tickets.take(input.ticket);
    if (!pending) {
      await recordAudit(ctx.database, request, { event: 'scan.confirm', outcome: 'failure', detail: { reason: 'ticket_invalid' } });
      throw refuse(SCAN_MESSAGES.ticketInvalid);
    }
    const detail = { desktopIp: pending.clientIp, desktopDevice: pending.deviceKey.slice(0, 18), result: input.result };
    if (input.result === 'deny') {
      await recordAudit(ctx.database, request, { event: 'scan.confirm', outcome: 'success', detail });
      await events.publish({ kind: 'scan.denied' }, { to: 'scan', scanId });
      return null;
    }
    const grant: ScanGrant = { userId: session.userId, userNo: session.userNo, deviceKey: pending.deviceKey, scanId };
    const { ticket: code } = await codes.issue(grant, ctx.config.SCAN_CODE_TTL_MS);
    await recordAudit(ctx.database, request, { event: 'scan.confirm', outcome: 'success', detail });
    // The code goes to the one stream holding this ticket's secret stream ticket, nowhere else.
    await events.publish({ kind: 'scan.confirmed', ids: [code] }, { to: 'scan', scanId });
    return null;
  });

  routes.json(scanApi.scanToken, async ({ input, request }) => {
    ensureEnabled();
    const grant = await codes.take(input.code);
    if (!grant) {
      await recordAudit(ctx.database, request, { event: 'login', outcome: 'failure', detail: { method: 'scan', reason: 'scan_code_invalid' } });
      throw refuse(SCAN_MESSAGES.codeInvalid);
    }
    // The seat may have been disabled since the phone confirmed: only a live seat gets a session.
    const seat = await ctx.database.db
      .selectFrom('user_numbers as n')
      .innerJoin('users as u', 'u.user_id', 'n.user_id')
      .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
      .select(['n.enterprise_no', 'u.username'])
      .where('n.user_no', '=', grant.userNo)
      .where('n.user_id', '=', grant.userId)
      .where('n.status', '=', 1)
      .where('u.status', '=', 1)
      .where('e.status', '=', 1)
      .executeTakeFirst();
    if (!seat) throw refuse(SCAN_MESSAGES.codeInvalid);
    const token = await sessions.create({
      userId: grant.userId,
      userNo: grant.userNo,
      deviceKey: grant.deviceKey,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      channel: 'web',
    });
    await recordAudit(ctx.database, request, {
      event: 'login',
      outcome: 'success',
      userId: grant.userId,
      userNo: grant.userNo,
      enterpriseNo: seat.enterprise_no,
      username: seat.username,
      detail: { method: 'scan', device: grant.deviceKey.slice(0, 18) },
    });
    return { access_token: token };
  });
}
