import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { Mailer } from './mailer';
import { messageRoutes } from './messages.routes';
import { Messenger } from './messenger';

export { markSubjectsRead, notify, seatsWithAuthority, withdrawSubject, type Notification, type Notified } from './notify';
export type { Messenger } from './messenger';

declare module 'fastify' {
  interface FastifyInstance {
    /** 消息中心 for other modules: `notify` in their transaction, `announce` after it (modules/messages). */
    messages: Messenger;
  }
}

/** 消息中心 (issue 29): the seat's notifications, its e-mail choices, and the outbox sender. */
export async function messagesModule(app: FastifyInstance, ctx: AppContext) {
  const mailer = new Mailer(ctx);
  app.decorate('messages', new Messenger(app, ctx, mailer));
  messageRoutes(app, ctx, mailer);
  if (ctx.config.JOBS_INTERVAL_MS > 0 && mailer.enabled) {
    const timer = setInterval(() => void mailer.sendDue().catch((err: unknown) => app.log.warn({ err }, 'notification mail pass failed')), ctx.config.JOBS_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}
