import type { FastifyInstance } from 'fastify';
import { scanApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import type { ScanLogin } from './scan.service';

/** The scan-code login calls: the desktop's ticket and token (no session), the phone's look and answer. */
export function scanRoutes(app: FastifyInstance, ctx: AppContext, scan: ScanLogin) {
  const routes = operationRoutes(app, ctx);

  routes.json(scanApi.scanConfig, async () => ({ ableScan: scan.enabled }));
  routes.json(scanApi.scanTicket, async ({ input, request }) => scan.ticket(request, input.deviceKey));
  routes.json(scanApi.scanInfo, async ({ input }) => scan.info(input.ticket));
  routes.json(scanApi.scanConfirm, async ({ input, session, request }) => {
    await scan.confirm(request, session, input);
    return null;
  });
  routes.json(scanApi.scanToken, async ({ input, request }) => ({ access_token: await scan.token(request, input.code) }));
}
