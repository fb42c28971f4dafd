import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth/auth-services';
import { userRoutes } from './users.routes';
import { UserAdmin } from './users.service';

/** Administration of logins, seats and roles by staff and enterprise administrators (spec §7 `{prefix}/user…`). */
export async function userAdminModule(app: FastifyInstance, auth: AuthServices) {
  userRoutes(app, auth, new UserAdmin(auth));
}

// What the enterprise administration and the unlock calls share with this module.
export { audited } from './audited';
export { oneTimePassword } from './one-time-password';
export { scopeOf, wholePerson, type AdminScope } from './scope';
export { insertLogin, refuse } from './seats';
export { lockedPeople } from './users.queries';
