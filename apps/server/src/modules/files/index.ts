import type { FastifyInstance } from 'fastify';
import { filesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';

/** `GET {API_BASE}/file/download?ticket=…`: the file behind a download ticket (docs/platform/envelope-and-crypto.md). */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  operationRoutes(app, ctx).ticketDownload(filesApi.fileDownload);
}
