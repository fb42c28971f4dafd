import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, messagesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { Mailer } from './mailer';
import { listMessages, markRead, ownIds, preferences, savePreferences, unreadCount } from './messages.queries';

/** 消息中心's calls: every one reads or writes the session's own seat, never another's. */
export function messageRoutes(app: FastifyInstance, ctx: AppContext, mailer: Mailer) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = messagesApi;

  routes.json(api.messageQuery, async ({ session, input }) => listMessages(db, session.userNo, input));

  routes.json(api.messageRead, async ({ session, input }) => {
    if (!input.all) {
      const mine = await ownIds(db, session.userNo, input.ids);
      if (mine.length !== new Set(input.ids).size) throw new AppError(RETURN_CODES.NOT_FOUND, '消息不存在');
    }
    const marked = await markRead(db, session.userNo, input.all ? 'all' : input.ids, new Date(ctx.now()));
    return { marked, unread: await unreadCount(db, session.userNo) };
  });

  routes.json(api.messagePreferences, async ({ session }) => ({ ...(await preferences(db, session.userNo)), mailEnabled: mailer.enabled }));

  routes.json(api.messagePreferencesSave, async ({ session, input, request }) =>
    auditedTransaction(ctx.database, request, 'message.preferences', { kinds: input.kinds }, new Date(ctx.now()), async (trx) => {
      const kinds = new Set(input.kinds.map((k) => k.kind));
      if (kinds.size !== input.kinds.length) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '消息类型重复');
      await savePreferences(trx, session.userNo, input.kinds);
      return { result: { ...(await preferences(trx, session.userNo)), mailEnabled: mailer.enabled }, detail: {} };
    }),
  );
}
