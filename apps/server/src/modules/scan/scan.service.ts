import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { RETURN_CODES, SCAN_MESSAGES, type OperationParsed, type scanApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { OneTimeTickets } from '../../kv/one-time-tickets';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo, SessionStore } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import type { LiveEvents } from '../events';
import { sm3Hex } from '../../sm3';
import { liveSeat } from './scan.queries';

/** What the login page's ticket remembers, in the KvStore (any instance may serve the phone). */
interface PendingScan {
  deviceKey: string;
  userAgent: string;
  clientIp: string;
  requestedAt: string;
  expiresAt: string;
  /** The number the desktop shows, and the three the phone picks from (it among them). */
  matchNumber: string;
  choices: string[];
}

/** A two-digit number for the desktop and two others beside it, in random order. */
function matchingNumbers(): { matchNumber: string; choices: string[] } {
  const picked = new Set<number>();
  while (picked.size < 3) picked.add(randomInt(10, 100));
  const numbers = [...picked].map(String);
  const choices = [...numbers];
  for (let i = choices.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [choices[i], choices[j]] = [choices[j]!, choices[i]!];
  }
  return { matchNumber: numbers[0]!, choices };
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
export class ScanLogin {
  readonly #ctx: AppContext;
  readonly #sessions: SessionStore;
  readonly #events: LiveEvents;
  /** The waiting login pages' tickets; a ticket's id (its hash) names its page's stream. */
  readonly #tickets: OneTimeTickets<PendingScan>;
  /** The codes confirmations grant, each traded once for a session. */
  readonly #codes: OneTimeTickets<ScanGrant>;

  constructor(ctx: AppContext, sessions: SessionStore, events: LiveEvents) {
    this.#ctx = ctx;
    this.#sessions = sessions;
    this.#events = events;
    this.#tickets = new OneTimeTickets<PendingScan>(ctx.kv, 'scan:ticket');
    this.#codes = new OneTimeTickets<ScanGrant>(ctx.kv, 'scan:code');
  }

  /** Whether the scan-code login is switched on (ABLE_SCAN). */
  get enabled() {
    return this.#ctx.config.ABLE_SCAN;
  }

  #ensureEnabled() {
    if (!this.enabled) throw new AppError(RETURN_CODES.FORBIDDEN, SCAN_MESSAGES.disabled);
  }

  /** The login page's ticket for its device key, with the secret ticket of the stream it waits on. */
  async ticket(request: FastifyRequest, deviceKey: string) {
    this.#ensureEnabled();
    const { config } = this.#ctx;
    const now = this.#ctx.now();
    const pending: PendingScan = {
      deviceKey,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      clientIp: request.ip,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + config.SCAN_TICKET_TTL_MS).toISOString(),
      ...matchingNumbers(),
    };
    const { ticket, id: scanId } = await this.#tickets.issue(pending, config.SCAN_TICKET_TTL_MS);
    return {
      ticket,
      streamTicket: await this.#events.scanStreamTicket(scanId, now + config.SCAN_TICKET_TTL_MS),
      expiresIn: Math.ceil(config.SCAN_TICKET_TTL_MS / 1000),
      matchNumber: pending.matchNumber,
    };
  }

  /** What the phone shows before its user answers: where and when the desktop asked, and the numbers to pick from. */
  async info(ticket: string) {
    this.#ensureEnabled();
    const pending = await this.#tickets.peek(ticket);
    if (!pending) throw refuse(SCAN_MESSAGES.ticketInvalid);
    const { userAgent, clientIp, requestedAt, expiresAt, choices } = pending;
    return { userAgent, clientIp, requestedAt, expiresAt, choices };
  }

  /** The phone's signed answer: a denial, or a one-time code for the waiting page. */
  async confirm(request: FastifyRequest, session: SessionInfo, input: OperationParsed<typeof scanApi.scanConfirm>) {
    this.#ensureEnabled();
    // The phone's own key signed its answer (checked before the ticket is spent), naming the
    // ticket by its SM3 so the audit entry's signing data holds no usable ticket.
    await verifyOperationSignature(this.#ctx.database.db, request, input, { ticketSm3: sm3Hex(input.ticket) });
    const scanId = OneTimeTickets.idOf(input.ticket);
    const pending = await this.#tickets.take(input.ticket);
    if (!pending) {
      await recordAudit(this.#ctx.database, request, { event: 'scan.confirm', outcome: 'failure', detail: { reason: 'ticket_invalid' } });
      throw refuse(SCAN_MESSAGES.ticketInvalid);
    }
    const detail = { desktopIp: pending.clientIp, desktopDevice: pending.deviceKey.slice(0, 18), result: input.result };
    // Number matching: a wrong pick is no confirmation, and the ticket (already spent) is denied.
    if (input.result === 'confirm' && input.matchNumber !== pending.matchNumber) {
      await recordAudit(this.#ctx.database, request, { event: 'scan.confirm', outcome: 'failure', detail: { ...detail, reason: 'number_mismatch' } });
      await this.#events.publish({ kind: 'scan.denied' }, { to: 'scan', scanId });
      throw refuse(SCAN_MESSAGES.numberMismatch);
    }
    if (input.result === 'deny') {
      await recordAudit(this.#ctx.database, request, { event: 'scan.confirm', outcome: 'success', detail });
      await this.#events.publish({ kind: 'scan.denied' }, { to: 'scan', scanId });
      return;
    }
    const grant: ScanGrant = { userId: session.userId, userNo: session.userNo, deviceKey: pending.deviceKey, scanId };
    const { ticket: code } = await this.#codes.issue(grant, this.#ctx.config.SCAN_CODE_TTL_MS);
    await recordAudit(this.#ctx.database, request, { event: 'scan.confirm', outcome: 'success', detail });
    // The code goes to the one stream holding this ticket's secret stream ticket, nowhere else.
    await this.#events.publish({ kind: 'scan.confirmed', ids: [code] }, { to: 'scan', scanId });
  }

  /** The waiting page's code for a session of the confirmed seat, bound to the desktop's device key. */
  async token(request: FastifyRequest, code: string) {
    this.#ensureEnabled();
    const grant = await this.#codes.take(code);
    if (!grant) {
      await recordAudit(this.#ctx.database, request, { event: 'login', outcome: 'failure', detail: { method: 'scan', reason: 'scan_code_invalid' } });
      throw refuse(SCAN_MESSAGES.codeInvalid);
    }
    // The seat may have been disabled since the phone confirmed: only a live seat gets a session.
    const seat = await liveSeat(this.#ctx.database.db, grant.userId, grant.userNo);
    if (!seat) throw refuse(SCAN_MESSAGES.codeInvalid);
    const token = await this.#sessions.create({
      userId: grant.userId,
      userNo: grant.userNo,
      deviceKey: grant.deviceKey,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      channel: 'web',
    });
    await recordAudit(this.#ctx.database, request, {
      event: 'login',
      outcome: 'success',
      userId: grant.userId,
      userNo: grant.userNo,
      enterpriseNo: seat.enterprise_no,
      username: seat.username,
      detail: { method: 'scan', device: grant.deviceKey.slice(0, 18) },
    });
    return token;
  }
}
