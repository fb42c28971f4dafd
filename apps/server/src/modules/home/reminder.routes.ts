import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REMINDER_FIELDS, apiEnvelopeSchema } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { ok } from '../../plugins/errors';
import type { ReminderRegistry } from './reminders';

const countsSchema = z.object(Object.fromEntries(REMINDER_FIELDS.map((f) => [f, z.number().int().min(0)])));

/** Spec §7 `query/message/reminder`: the home counts for the session's enterprise. */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext, reminders: ReminderRegistry) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/${ctx.config.CUSTOMER_PREFIX}/query/message/reminder`,
    { config: { access: 'session' }, schema: { tags: ['home'], summary: '首页提醒统计', response: { 200: apiEnvelopeSchema(countsSchema) } } },
    async (request) => {
      const { userNo, enterpriseNo, authorities } = request.session!;
      return ok(await reminders.counts({ userNo, enterpriseNo, authorities }));
    },
  );
}
