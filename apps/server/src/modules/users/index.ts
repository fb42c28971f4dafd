import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth';
import { registerUserChanges } from './changes';
import { userRoutes } from './users.routes';
import { UserAdmin } from './users.service';

/** Administration of logins, seats and roles by staff and enterprise administrators (spec §7 `{prefix}/user…`). */
export async function userAdminModule(app: FastifyInstance, auth: AuthServices) {
  const admin = new UserAdmin(auth);
  registerUserChanges(app.dualControl, admin, auth);
  userRoutes(app, auth, admin);
}

export { unlockRoutes } from './unlock.routes';
// What the enterprise administration shares with this module.
export { oneTimePassword } from './one-time-password';
export { insertLogin } from './seats';
