import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { bulkImportRoutes } from './bulk-import.routes';
import { BulkImportDesk } from './bulk-import.service';

/**
 * 批量导入 (issue 28): files of payments (xlsx template, ISO 20022 pain.001.001.09) tried and then
 * imported as instructions all or nothing, signed; pain.002.001.10 status reports of each import.
 */
export async function bulkImportModule(app: FastifyInstance, ctx: AppContext) {
  bulkImportRoutes(app, ctx, new BulkImportDesk(ctx));
}
