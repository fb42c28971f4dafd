import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, authApi } from '@portal/shared';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { AuthServices } from './auth-services';
import { changeOwnPassword, forceChangePassword, setInitialPassword } from './password.service';

/**
 * Spec §7 password calls: the forced and the first-time change after 040007 (no session; the change ticket of the
 * 040007 answer and the old password prove who it is) and the dialog change of a logged-in user.
 * The rules live in password.service.ts.
 */
export async function passwordRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx, credentials } = services;
  const routes = operationRoutes(app, ctx);

  routes.json(authApi.forcePasswordUpdate, async ({ input, request }) => {
    await forceChangePassword(services, request, input);
    return null;
  });

  routes.json(authApi.initialPassword, async ({ input, request }) => {
    await setInitialPassword(services, request, input);
    return null;
  });

  routes.json(authApi.passwordUpdate, async ({ input, session, request }) => {
    await changeOwnPassword(services, request, session, input);
    return null;
  });

  routes.json(authApi.isExpiredOrFirstLogin, async ({ input, session }) => {
    if (input.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
    const user = (await credentials.findUser(session.username))!;
    return credentials.mustChangePassword(user);
  });
}
