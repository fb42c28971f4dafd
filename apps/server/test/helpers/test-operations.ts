import type { FastifyReply } from 'fastify';
import { defineOperation, type AnyOperation } from '@portal/shared';
import type { FileAnswer } from '../../src/plugins/file-tickets';
import { operationRoutes, type OperationCall } from '../../src/plugins/operations';
import { syncApiCatalogue } from '../../src/reference/api-catalogue';
import type { TestApp } from './test-app';

type Definition = Omit<Parameters<typeof defineOperation>[0], 'category' | 'serviceId' | 'name'> & { name?: string };

/** An operation of a test's own, public unless it says otherwise. */
export const testOperation = <D extends Definition>(def: D) =>
  defineOperation({ category: '测试', serviceId: 'test', name: def.id, ...def });

/**
 * Serves a test's own operations as a module would, and enters them in the catalogue as the
 * start-up sync does, so the envelope and the access check treat them like any other.
 */
export async function serveTestOperations(
  app: TestApp,
  served: [AnyOperation, (call: OperationCall<AnyOperation>) => Promise<unknown>][],
) {
  const ctx = { config: app.config, database: app.stores.database, kv: app.stores.kv, now: () => Date.now() };
  app.register(
    async (api) => {
      const routes = operationRoutes(api, ctx);
      for (const [op, handler] of served) {
        if (op.kind === 'download') routes.download(op, handler as (call: OperationCall<AnyOperation>) => Promise<FileAnswer>);
        else if (op.kind === 'image' || op.kind === 'text') routes.raw(op, handler as (call: OperationCall<AnyOperation>) => Promise<FastifyReply>);
        else routes.json(op, handler as never);
      }
    },
    { prefix: app.config.API_BASE },
  );
  const prefixes = { customerPrefix: app.config.CUSTOMER_PREFIX, gatewayPrefix: app.config.GATEWAY_PREFIX };
  await app.stores.database.db.transaction().execute((trx) => syncApiCatalogue(trx, prefixes, served.map(([op]) => op)));
  await app.apiRegistry.reload();
  await app.ready();
}
