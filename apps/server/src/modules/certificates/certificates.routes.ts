import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, certificatesApi, type MustChangePasswordData } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { login, type AuthServices } from '../auth';
import { listCertificates } from './certificates.queries';
import type { CertificateDesk } from './certificates.service';

/** Issue 14's calls: staff manage certificates; the browser enrols, finds its login and logs in with the certificate. */
export function certificateRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthServices, desk: CertificateDesk) {
  const routes = operationRoutes(app, ctx);
  const api = certificatesApi;

  routes.json(api.certQuery, async ({ input }) => listCertificates(ctx.database.db, input, desk.now()));
  routes.json(api.certActivationCode, async ({ request, session, input }) => desk.activationCode(request, session, input.username));
  routes.json(api.certFreeze, async ({ request, input }) => desk.freeze(request, input.serial));
  routes.json(api.certUnfreeze, async ({ request, input }) => desk.unfreeze(request, input.serial));
  routes.json(api.certRevoke, async ({ request, input }) => desk.revoke(request, input.serial, input.reason));
  routes.json(api.certRenew, async ({ request, input }) => desk.renew(request, input.serial));
  routes.json(api.certRestorePassword, async ({ request, input }) => desk.restorePassword(request, input.serial));

  routes.json(api.certEnroll, async ({ request, input }) => desk.enroll(request, input));
  routes.json(api.certQueryByKey, async ({ input }) => desk.queryByKey(input));
  // One login, at the prefixed path and at spec §7's own.
  for (const op of [api.certLogin, api.certLoginUnprefixed]) {
    routes.json(op, async ({ request, input }) => {
      const outcome = await login(auth, request, input, { kind: 'certificate', check: () => desk.checkForLogin(input.extension.certificate) });
      if ('mustChangePassword' in outcome) {
        const data: MustChangePasswordData = { changeTicket: outcome.changeTicket };
        throw new AppError(RETURN_CODES.MUST_CHANGE_PASSWORD, undefined, data);
      }
      return { access_token: outcome.token };
    });
  }
}
