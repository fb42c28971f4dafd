import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { EventAudience } from '../events';
import type { Mailer } from './mailer';
import { notify, type Notification, type Notified } from './notify';

/**
 * 消息中心's server side for other modules: `notify(trx, …)` inside their transaction, then
 * `announce(…)` after the commit, which pushes `message.new` to the seats' streams and starts
 * the e-mails. `send` does both for a caller with no transaction of its own.
 */
export class Messenger {
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
    readonly mailer: Mailer,
  ) {}

  readonly notify = notify;

  /** After the commit: the seats' bells and lists refresh; mails go. Never throws. */
  async announce(...notified: Notified[]) {
    const userNos = [...new Set(notified.flatMap((n) => n.userNos))];
    await this.announceTo(userNos.length > 0 ? { to: 'seats', userNos } : undefined, ...notified);
  }

  /**
   * `announce` for a fan-out: the event goes to an audience the caller names (e.g. the
   * enterprises a risk notice addresses) rather than a list of thousands of seats.
   */
  async announceTo(audience: EventAudience | undefined, ...notified: Notified[]) {
    const ids = notified.flatMap((n) => n.ids);
    if (audience && ids.length > 0) await this.app.events.publish({ kind: 'message.new', ids: ids.slice(0, 500) }, audience).catch(() => null);
    if (notified.some((n) => n.mails > 0)) void this.mailer.sendDue().catch((err: unknown) => this.app.log.warn({ err }, 'notification mail pass failed'));
  }

  /** Notifications were read or removed elsewhere (the risk notice they are about): the audience's bells and lists refresh. */
  async announceRead(audience: EventAudience) {
    await this.app.events.publish({ kind: 'message.read' }, audience).catch(() => null);
  }

  /** Writes and announces in one go. */
  async send(n: Notification) {
    const done = await this.ctx.database.db.transaction().execute((trx) => notify(trx, n));
    await this.announce(done);
    return done;
  }
}
