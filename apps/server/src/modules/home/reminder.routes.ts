import type { FastifyInstance } from 'fastify';
import { sessionApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { businessNow } from '../../platform/business-clock';
import { operationRoutes } from '../../plugins/operations';
import type { ReminderRegistry } from './reminders';

/** Spec §7 `query/message/reminder`: the home counts for the session's enterprise. */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext, reminders: ReminderRegistry) {
  operationRoutes(app, ctx).json(sessionApi.messageReminder, async ({ session, request }) => {
    const { userId, userNo, enterpriseNo, authorities } = session;
    return reminders.counts({ userId, userNo, enterpriseNo, authorities, now: businessNow(ctx, request) });
  });
}
