import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, noticesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { EventAudience } from '../events';
import { customerEnterprises, findForReader, findForStaff, listForReader, listForStaff, noticeExists, readers } from './notices.queries';
import { NOTICE_MESSAGES, type NoticeChange, type NoticeDesk } from './notices.service';

const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, NOTICE_MESSAGES.notFound);

/**
 * Tells the notice's audience, after the write committed: a published notice by kind (urgent ones
 * open the dialog), a withdrawn one as changed counts. Only the id travels; readers fetch the rest.
 */
function announce(app: FastifyInstance, change: NoticeChange, kind: 'riskNotice.published' | 'riskNotice.urgent' | 'home.changed') {
  return app.events.publish({ kind, ids: [change.id] }, audienceOf(change));
}

const audienceOf = (change: NoticeChange): EventAudience => (change.audience === 'all' ? { to: 'customers' } : { to: 'enterprises', enterpriseNos: change.enterpriseNos });

/** Issue 13's risk-notice calls: customers read within their enterprise's audience, staff write and follow up. */
export function noticeRoutes(app: FastifyInstance, ctx: AppContext, desk: NoticeDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = noticesApi;

  routes.json(api.noticeQuery, async ({ input, session }) => listForReader(db, session, input, desk.now()));

  /** Reading notices marks their notifications read; the seat's bells (every tab) follow. */
  const markRead = async (session: SessionInfo, ids: readonly number[] | 'all') => {
    const done = await desk.markRead(session, ids);
    if (done.messages > 0) await app.messages.announceRead({ to: 'seats', userNos: [session.userNo] });
    return done.marked;
  };

  routes.json(api.noticeDetail, async ({ session, input }) => {
    const notice = await findForReader(db, session, input.id, desk.now());
    if (!notice) throw notFound();
    if (!notice.readAt && input.markRead) {
      await markRead(session, [input.id]);
      return { ...notice, readAt: desk.now().toISOString(), unread: false };
    }
    return notice;
  });

  routes.json(api.noticeRead, async ({ session, input }) => ({ marked: await markRead(session, input.all ? 'all' : input.ids) }));

  routes.json(api.noticeStaffQuery, async ({ input }) => listForStaff(db, input, desk.now()));

  routes.json(api.noticeStaffDetail, async ({ input }) => {
    const notice = await findForStaff(db, input.id, desk.now());
    if (!notice) throw notFound();
    return notice;
  });

  routes.json(api.noticeReaders, async ({ input }) => {
    if (!(await noticeExists(db, input.id))) throw notFound();
    return readers(db, input);
  });

  routes.json(api.noticeEnterprises, async () => customerEnterprises(db));

  routes.json(api.noticeAdd, async ({ session, request, input }) => desk.add(request, session, input));
  routes.json(api.noticeUpdate, async ({ request, input }) => desk.update(request, input));
  routes.json(api.noticePublish, async ({ request, input }) => {
    const { notice, change, notified } = await desk.publish(request, input.id);
    await announce(app, change, change.level === noticesApi.URGENT_LEVEL ? 'riskNotice.urgent' : 'riskNotice.published');
    await app.messages.announceTo(audienceOf(change), notified);
    return notice;
  });
  routes.json(api.noticeWithdraw, async ({ request, input }) => {
    const { notice, change } = await desk.withdraw(request, input);
    await announce(app, change, 'home.changed');
    await app.messages.announceRead(audienceOf(change));
    return notice;
  });
}
